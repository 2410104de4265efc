import RE2 from "re2";
import { describe, expect, it } from "vitest";
import { loadCorpusSamples } from "../../../../scripts/eval/load-samples.js";
import { DETECTORS } from "./detectors.js";
import { PatternMatcher, type Located, type MatcherPattern } from "./pattern-matcher.js";
import { Utf8Text } from "./utf8-text.js";

const plain = new Map<string, RE2>();

// Every match of `p` in `text` the plain way: RE2 run from the start, then from each match's end.
function everyMatch(p: MatcherPattern, text: Buffer, group: number): Located[] {
  const flags = `${p.flags}gu${group > 0 ? "d" : ""}`;
  let re = plain.get(`${flags}/${p.source}`);
  if (!re) plain.set(`${flags}/${p.source}`, (re = new RE2(p.source, flags)));
  re.lastIndex = 0;
  const out: Located[] = [];
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const end = m.index + m[0]!.length;
    const span: [number, number] | undefined = group > 0 ? (m as unknown as { indices: ([number, number] | undefined)[] }).indices[group] : [m.index, end];
    if (span) out.push({ start: m.index, end, valueStart: span[0], valueEnd: span[1] });
    if (end === m.index) re.lastIndex = end + Buffer.from(text.subarray(end).toString("utf8").slice(0, 1)).length;
  }
  return out;
}

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
    expect(m.matching(new Utf8Text("HeLLo a\nb\nx\ncase"))).toEqual([0, 1, 2]);
    expect(m.matching(new Utf8Text("Case"))).toEqual([4]);
    expect(m.matching(new Utf8Text(""))).toEqual([]);
  });

  it("holds 3,000 patterns, splitting the set only when RE2 cannot compile it as one", () => {
    const patterns = Array.from({ length: 3000 }, (_, i) => ({ source: `\\bword${i}[a-z]{2,8}\\d{${(i % 5) + 1}}\\b`, flags: "i" }));
    const m = new PatternMatcher(patterns);
    expect(m.size).toBe(3000);
    expect(m.passes).toBeGreaterThan(1);
    expect(m.passes).toBeLessThan(20);
    expect(m.matching(new Utf8Text("lorem WORD17abc123 ipsum word2999xy12345 dolor"))).toEqual([17, 2999]);
  });

  it("locates non-overlapping matches left to right, with a capture group's span, up to a limit", () => {
    const m = new PatternMatcher([
      { source: "key=(\\w+)", flags: "" },
      { source: "a", flags: "" },
    ]);
    expect(m.locate(0, new Utf8Text("key=abc; key=de"), 1).matches).toEqual([
      { start: 0, end: 7, valueStart: 4, valueEnd: 7 },
      { start: 9, end: 15, valueStart: 13, valueEnd: 15 },
    ]);
    const limited = m.locate(1, new Utf8Text("aaaaa"), 0, 3);
    expect(limited.matches).toHaveLength(3);
    expect(limited.stoppedAt).toBe(3);
  });

  it("reports byte offsets into the UTF-8 text, and steps over empty matches whole characters at a time", () => {
    const m = new PatternMatcher([{ source: "café", flags: "i" }, { source: "x*", flags: "" }]);
    // 😀 is four bytes, É two.
    expect(m.locate(0, new Utf8Text("😀😀 CAFÉ"), 0).matches).toEqual([{ start: 9, end: 14, valueStart: 9, valueEnd: 14 }]);
    expect(m.locate(1, new Utf8Text("é"), 0).matches).toEqual([
      { start: 0, end: 0, valueStart: 0, valueEnd: 0 },
      { start: 2, end: 2, valueStart: 2, valueEnd: 2 },
    ]);
  });

  it("finds by searching for a pattern's required literal exactly the matches a full search finds", () => {
    const m = new PatternMatcher([
      { source: "\\bTKT-[0-9]{4,6}\\b", flags: "" },
      { source: "\\b[a-z]{1,5}@[a-z]+\\.com\\b", flags: "i" },
      { source: "(?:ask|key)s?=\\w+", flags: "i" },
      { source: "x{2}é", flags: "" },
      { source: "\\b[2-9]\\d{3}\\b", flags: "" },
      // Letters spelt in both cases: a caseless search, with no Unicode folding to allow for.
      { source: "[dD][iI][sS][kK]_([0-9a-fA-F]{4})", flags: "" },
    ]);
    const cases: [number, string, string[]][] = [
      [0, "TKT-1234 TKT-12 xTKT-99999 TKT-123456 TKT-1234567", ["TKT-1234", "TKT-123456"]],
      [1, "mail JANE@ACME.COM, not thelongname@x.com, and b@c.com", ["JANE@ACME.COM", "b@c.com"]],
      // RE2 folds k to the Kelvin sign and s to the long s: a lower-cased search for "key" or "ask" cannot see them.
      [2, "\u212Aey=1 aſk=2 ASKS=3", ["\u212Aey=1", "aſk=2", "ASKS=3"]],
      [3, "😀xxé xé xxxé", ["xxé", "xxé"]],
      // Far more places of the literal than matches: after 32 in vain a plain search takes over, and misses none.
      [4, `${"9 ".repeat(100)}2345 9999${" 7".repeat(50)} 8888 222`, ["2345", "9999", "8888"]],
      [4, `${"9 ".repeat(32)}9 2345`, ["2345"]],
      [5, "DISK_beef disk_12AB dIsK_0000 di\u212A_1234 disk-1234", ["DISK_beef", "disk_12AB", "dIsK_0000"]],
      [5, "ünïcode DISK_beef", ["DISK_beef"]],
    ];
    for (const [index, text, expected] of cases) {
      const utf8 = new Utf8Text(text);
      const found = m.locate(index, utf8).matches.map((l) => utf8.bytes.subarray(l.start, l.end).toString("utf8"));
      expect(found, text).toEqual(expected);
    }
  });

  it("locates every built-in detector pattern in the corpus as a full search does", () => {
    const patterns = DETECTORS.flatMap((d) => d.patterns.map((p) => ({ pattern: { source: p.source, flags: p.flags }, group: p.group ?? 0 })));
    const m = new PatternMatcher(patterns.map((p) => p.pattern));
    let located = 0;
    for (const sample of loadCorpusSamples()) {
      // As written, shouted (caseless patterns search a lower-cased copy), and behind a non-ASCII character (byte offsets differ).
      for (const text of [sample.text, sample.text.toUpperCase(), `«\u212A» ${sample.text}`]) {
        const utf8 = new Utf8Text(text);
        for (const i of m.matching(utf8)) {
          const { pattern, group } = patterns[i]!;
          expect(m.locate(i, utf8, group).matches, `${sample.id} /${pattern.source}/`).toEqual(everyMatch(pattern, utf8.bytes, group));
          located++;
        }
      }
    }
    expect(located).toBeGreaterThan(3000);
  });

  it("runs a pathological pattern on 100 KB in linear time (RE2 never backtracks)", () => {
    const m = new PatternMatcher([{ source: "(a+)+$", flags: "" }, { source: "(x+x+)+y", flags: "" }]);
    const text = new Utf8Text("a".repeat(100_000) + "!");
    const started = performance.now();
    expect(m.matching(text)).toEqual([]);
    expect(m.locate(0, text).matches).toEqual([]);
    expect(m.matching(new Utf8Text("x".repeat(100_000)))).toEqual([]);
    expect(performance.now() - started).toBeLessThan(500);
  });
});
