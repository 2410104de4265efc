import { describe, expect, it } from "vitest";
import { orderMatches, verdictOf } from "./order-matches.js";

describe("verdictOf", () => {
  it("is the strongest action matched, block > flag > log, else allow", () => {
    expect(verdictOf([])).toBe("allow");
    expect(verdictOf([{ action: "log" }])).toBe("log");
    expect(verdictOf([{ action: "log" }, { action: "flag" }])).toBe("flag");
    expect(verdictOf([{ action: "flag" }, { action: "block" }, { action: "log" }])).toBe("block");
  });
});

describe("orderMatches", () => {
  it("puts the strongest action first, then the highest severity, then rule order", () => {
    const ordered = orderMatches([
      { id: "log-critical", action: "log", severity: "critical", order: 0 },
      { id: "flag-low", action: "flag", severity: "low", order: 1 },
      { id: "block-medium-late", action: "block", severity: "medium", order: 9 },
      { id: "flag-high", action: "flag", severity: "high", order: 5 },
      { id: "block-medium-early", action: "block", severity: "medium", order: 3 },
      { id: "block-critical", action: "block", severity: "critical", order: 8 },
    ] as const);
    expect(ordered.map((m) => m.id)).toEqual(["block-critical", "block-medium-early", "block-medium-late", "flag-high", "flag-low", "log-critical"]);
    expect(ordered[0]).not.toHaveProperty("order");
  });
});
