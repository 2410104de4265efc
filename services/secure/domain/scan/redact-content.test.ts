import { describe, expect, it } from "vitest";
import { redactContent } from "./redact-content.js";

describe("redactContent", () => {
  it("replaces each value with a placeholder numbered per kind, the same value always the same", () => {
    const content = "a@x.com wrote to b@y.com, then a@x.com again; card 4111";
    const spans = [
      { start: 0, end: 7, kind: "email" },
      { start: 17, end: 24, kind: "email" },
      { start: 31, end: 38, kind: "email" },
      { start: 51, end: 55, kind: "credit_card" },
    ];
    expect(redactContent(content, spans)).toBe("<EMAIL_1> wrote to <EMAIL_2>, then <EMAIL_1> again; card <CREDIT_CARD_1>");
  });

  it("merges overlapping spans and ignores empty ones, in any input order", () => {
    const content = "key=sk-abcdef123456 end";
    const spans = [
      { start: 4, end: 19, kind: "openai_api_key" },
      { start: 0, end: 0, kind: "tool_name" },
      { start: 7, end: 19, kind: "generic_secret" },
    ];
    expect(redactContent(content, [...spans].reverse())).toBe("key=<OPENAI_API_KEY_1> end");
  });

  it("truncates what was not fully searched", () => {
    expect(redactContent("aaa bbb ccc", [{ start: 0, end: 3, kind: "custom_pattern" }], 4)).toBe("<CUSTOM_PATTERN_1> <TRUNCATED>");
  });

  it("returns content without findings unchanged", () => {
    expect(redactContent("nothing here", [])).toBe("nothing here");
  });
});
