import { describe, expect, it } from "vitest";
import { gateScanContent, locateFindings } from "./gate-scan-content.js";

describe("gateScanContent", () => {
  it("is the payload's canonical JSON, then context and reasoning, blank lines apart", () => {
    const layout = gateScanContent({ payload: { b: 1, a: "x" }, context: "ctx", reasoning: "why" });
    expect(layout.content).toBe('{"a":"x","b":1}\n\nctx\n\nwhy');
    expect(layout.spans).toEqual([
      { part: "payload", start: 0, end: 15 },
      { part: "context", start: 17, end: 20 },
      { part: "reasoning", start: 22, end: 25 },
    ]);
  });

  it("refuses a text longer than a scan takes, naming the payload", () => {
    expect(() => gateScanContent({ payload: { big: "x".repeat(1_048_576) }, context: null, reasoning: null })).toThrow(/payload.*too long/);
    expect(gateScanContent({ payload: null, context: "y".repeat(10_000), reasoning: null }).content).toHaveLength(10_004);
  });

  it("is never empty: an absent payload is {} and absent parts are left out", () => {
    expect(gateScanContent({ payload: null, context: null, reasoning: "" })).toEqual({ content: "{}", spans: [{ part: "payload", start: 0, end: 2 }] });
  });
});

describe("locateFindings", () => {
  it("places each finding in its part, with offsets relative to that part", () => {
    const layout = gateScanContent({ payload: { k: "v" }, context: "call me at 555", reasoning: "ok" });
    const at = (text: string) => layout.content.indexOf(text);
    const finding = (start: number, end: number) => ({ kind: "k", label: "l", start, end, excerpt: "***" });
    const located = locateFindings(
      {
        scanId: "scan_1",
        verdict: "flag",
        ruleSetVersion: "v",
        matches: [{ ruleId: "r", ruleName: "R", type: "data_pattern", action: "flag", severity: "low", findings: [finding(at("555"), at("555") + 3), finding(1, 4), finding(at("ok"), at("ok") + 2)] }],
      },
      layout,
    );
    expect(located.matches[0]!.findings.map((f) => [f.part, f.start, f.end])).toEqual([
      ["context", 11, 14],
      ["payload", 1, 4],
      ["reasoning", 0, 2],
    ]);
  });

  it("cuts a finding that runs past its part at the part's end", () => {
    const layout = gateScanContent({ payload: null, context: "abc", reasoning: null });
    const located = locateFindings(
      { scanId: "s", verdict: "flag", ruleSetVersion: "v", matches: [{ ruleId: "r", ruleName: "R", type: "t", action: "flag", severity: "low", findings: [{ kind: "k", label: "l", start: 1, end: 6, excerpt: "*" }] }] },
      layout,
    );
    expect(located.matches[0]!.findings[0]).toMatchObject({ part: "payload", start: 1, end: 2 });
  });
});
