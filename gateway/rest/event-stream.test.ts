import { describe, expect, it } from "vitest";
import { formatServerSentEvent } from "./event-stream.js";

describe("formatServerSentEvent", () => {
  it("writes the fields in the order clients expect and ends the message with a blank line", () => {
    expect(formatServerSentEvent({ id: "1", event: "checkpoint.created", data: '{"a":1}' })).toBe('id: 1\nevent: checkpoint.created\ndata: {"a":1}\n\n');
    expect(formatServerSentEvent({ comment: "connected", retry: 1000 })).toBe(": connected\nretry: 1000\n\n");
  });

  it("cannot be made to start a field or a message by what it carries", () => {
    expect(formatServerSentEvent({ comment: "a\n\nevent: x" })).toBe(": a event: x\n\n");
    expect(formatServerSentEvent({ data: "a\n\nid: 9" })).toBe("data: a\ndata: \ndata: id: 9\n\n");
  });
});
