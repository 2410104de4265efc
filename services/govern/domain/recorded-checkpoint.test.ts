import { describe, expect, it } from "vitest";
import { initialOutcomeOf } from "./recorded-checkpoint.js";

const T0 = Date.UTC(2026, 0, 1);

describe("initialOutcomeOf", () => {
  const state = { createdAt: T0, decidedAt: T0, voteCount: 0 };

  it("reads a fast-path decision: terminal at creation, decided then, voted on by nobody", () => {
    for (const status of ["approved", "rejected", "blocked"] as const) expect(initialOutcomeOf({ ...state, status })).toBe(status);
  });

  it("reads pending for every checkpoint that started pending, whatever became of it", () => {
    expect(initialOutcomeOf({ ...state, status: "pending", decidedAt: null })).toBe("pending");
    // Reviewers decided it, even within the millisecond of its creation.
    expect(initialOutcomeOf({ ...state, status: "approved", voteCount: 1 })).toBe("pending");
    expect(initialOutcomeOf({ ...state, status: "rejected", voteCount: 2, decidedAt: T0 + 9 })).toBe("pending");
    expect(initialOutcomeOf({ ...state, status: "expired", decidedAt: T0 + 3_600_000 })).toBe("pending");
    expect(initialOutcomeOf({ ...state, status: "cancelled" })).toBe("pending");
    // A decision without votes after its creation (a timeout's outcome) is not a fast path either.
    expect(initialOutcomeOf({ ...state, status: "rejected", decidedAt: T0 + 1000 })).toBe("pending");
  });
});
