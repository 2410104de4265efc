import { describe, expect, it } from "vitest";
import { REPLAY_EXAMPLES, ReplayTally } from "./replay-tally.js";

describe("ReplayTally", () => {
  it("counts changed and unchanged outcomes, by pair, most frequent first, with the first examples", () => {
    const tally = new ReplayTally();
    for (let i = 0; i < 8; i++) tally.add(`cp_a${i}`, { kind: "evaluated", from: "pending", to: "approved", scanRequested: false });
    for (let i = 0; i < 3; i++) tally.add(`cp_b${i}`, { kind: "evaluated", from: "approved", to: "blocked", scanRequested: false });
    for (let i = 0; i < 4; i++) tally.add(`cp_c${i}`, { kind: "evaluated", from: "rejected", to: "rejected", scanRequested: false });
    tally.add("cp_p", { kind: "pinned" });
    expect(tally.summary()).toEqual({
      evaluated: 15,
      changed: 11,
      unchanged: 4,
      skippedPinned: 1,
      needsScan: 0,
      transitions: [
        { from: "pending", to: "approved", count: 8, examples: ["cp_a0", "cp_a1", "cp_a2", "cp_a3", "cp_a4"] },
        { from: "approved", to: "blocked", count: 3, examples: ["cp_b0", "cp_b1", "cp_b2"] },
      ],
    });
    expect(REPLAY_EXAMPLES).toBe(5);
  });

  it("orders equal counts by a fixed order of statuses, so the answer does not depend on arrival", () => {
    const a = new ReplayTally();
    const b = new ReplayTally();
    const one = { kind: "evaluated", from: "pending", to: "blocked", scanRequested: false } as const;
    const two = { kind: "evaluated", from: "approved", to: "pending", scanRequested: false } as const;
    a.add("1", one);
    a.add("2", two);
    b.add("2", two);
    b.add("1", one);
    const pairs = (t: ReplayTally) => t.summary().transitions.map((x) => `${x.from}>${x.to}`);
    expect(pairs(a)).toEqual(["approved>pending", "pending>blocked"]);
    expect(pairs(b)).toEqual(pairs(a));
  });

  it("counts the evaluated checkpoints whose drafts ask for a content scan, changed or not", () => {
    const tally = new ReplayTally();
    tally.add("cp_1", { kind: "evaluated", from: "pending", to: "approved", scanRequested: true });
    tally.add("cp_2", { kind: "evaluated", from: "approved", to: "approved", scanRequested: true });
    tally.add("cp_3", { kind: "evaluated", from: "pending", to: "approved", scanRequested: false });
    tally.add("cp_4", { kind: "pinned" });
    expect(tally.summary()).toMatchObject({
      evaluated: 3,
      changed: 2,
      unchanged: 1,
      skippedPinned: 1,
      needsScan: 2,
      transitions: [{ from: "pending", to: "approved", count: 2, examples: ["cp_1", "cp_3"] }],
    });
  });

  it("answers zeros when nothing was replayed", () => {
    expect(new ReplayTally().summary()).toEqual({ evaluated: 0, changed: 0, unchanged: 0, skippedPinned: 0, needsScan: 0, transitions: [] });
  });
});
