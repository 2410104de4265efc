import { describe, expect, it } from "vitest";
import { SseParser } from "./sse-parser.js";

describe("SseParser", () => {
  it("parses events with ids and types, skipping heartbeats", () => {
    const p = new SseParser();
    const events = p.feed(': heartbeat\n\nid: 7\nevent: checkpoint.created\ndata: {"a":1}\n\n');
    expect(events).toEqual([{ id: "7", event: "checkpoint.created", data: '{"a":1}' }]);
    expect(p.lastEventId).toBe("7");
  });

  it("joins data lines, keeps state across chunks split anywhere, and honours CR, LF and CRLF", () => {
    const text = "id: a\r\nevent: x\r\ndata: one\rdata: two\n\ndata:three\r\n\r\n";
    for (let cut = 0; cut <= text.length; cut++) {
      const p = new SseParser();
      const events = [...p.feed(text.slice(0, cut)), ...p.feed(text.slice(cut))];
      expect(events, `cut at ${cut}`).toEqual([
        { id: "a", event: "x", data: "one\ntwo" },
        { id: "a", event: "message", data: "three" },
      ]);
    }
  });

  it("takes retry delays of digits only, ignores ids with NUL, and dispatches nothing without data", () => {
    const p = new SseParser();
    expect(p.feed("retry: 2500\nid: ok\n\nretry: soon\nid: bad\0\n\n")).toEqual([]);
    expect(p.retryMs).toBe(2500);
    expect(p.lastEventId).toBe("ok");
  });
});
