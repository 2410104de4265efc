import { describe, expect, it } from "vitest";
import { PatternMatcher } from "./pattern-matcher.js";

describe("PatternMatcher", () => {
  it("answers which of many patterns match in one RE2.Set pass, each with its own flags", () => {
    const m = new PatternMatcher([
      { source: "hello", flags: "i" },
      { source: "a.b", flags: "s" },
      { source: "^x$", flags: "m" },
      { source: "never", flags: "" },
      { source: "Case", flags: "" },
    ]);
    expect(m.passes).toBe(1);
    expect(m.matching(Buffer.from("HeLLo a\nb\nx\ncase"))).toEqual([0, 1, 2]);
    expect(m.matching(Buffer.from("Case"))).toEqual([4]);
    expect(m.matching(Buffer.from(""))).toEqual([]);
  });

  it("holds 3,000 patterns, splitting the set only when RE2 cannot compile it as one", () => {
    const patterns = Array.from({ length: 3000 }, (_, i) => ({ source: `\\bword${i}[a-z]{2,8}\\d{${(i % 5) + 1}}\\b`, flags: "i" }));
    const m = new PatternMatcher(patterns);
    expect(m.size).toBe(3000);
    expect(m.passes).toBeGreaterThan(1);
    expect(m.passes).toBeLessThan(20);
    expect(m.matching(Buffer.from("lorem WORD17abc123 ipsum word2999xy12345 dolor"))).toEqual([17, 2999]);
  });

  it("locates non-overlapping matches left to right, with a capture group's span, up to a limit", () => {
    const m = new PatternMatcher([
      { source: "key=(\\w+)", flags: "" },
      { source: "a", flags: "" },
    ]);
    expect(m.locate(0, Buffer.from("key=abc; key=de"), 1).matches).toEqual([
      { start: 0, end: 7, valueStart: 4, valueEnd: 7 },
      { start: 9, end: 15, valueStart: 13, valueEnd: 15 },
    ]);
    const limited = m.locate(1, Buffer.from("aaaaa"), 0, 3);
    expect(limited.matches).toHaveLength(3);
    expect(limited.stoppedAt).toBe(3);
  });

  it("reports byte offsets into the UTF-8 text, and steps over empty matches whole characters at a time", () => {
    const m = new PatternMatcher([{ source: "café", flags: "i" }, { source: "x*", flags: "" }]);
    // 😀 is four bytes, É two.
    expect(m.locate(0, Buffer.from("😀😀 CAFÉ"), 0).matches).toEqual([{ start: 9, end: 14, valueStart: 9, valueEnd: 14 }]);
    expect(m.locate(1, Buffer.from("é"), 0).matches).toEqual([
      { start: 0, end: 0, valueStart: 0, valueEnd: 0 },
      { start: 2, end: 2, valueStart: 2, valueEnd: 2 },
    ]);
  });

  it("runs a pathological pattern on 100 KB in linear time (RE2 never backtracks)", () => {
    const m = new PatternMatcher([{ source: "(a+)+$", flags: "" }, { source: "(x+x+)+y", flags: "" }]);
    const text = Buffer.from("a".repeat(100_000) + "!");
    const started = performance.now();
    expect(m.matching(text)).toEqual([]);
    expect(m.locate(0, text).matches).toEqual([]);
    expect(m.matching(Buffer.from("x".repeat(100_000)))).toEqual([]);
    expect(performance.now() - started).toBeLessThan(500);
  });
});
