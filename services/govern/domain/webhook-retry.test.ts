import { describe, expect, it } from "vitest";
import { DEFAULT_RETRY_DELAYS_MS, nextAttemptAt } from "./webhook-retry.js";

describe("the webhook retry schedule", () => {
  it("retries after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h, then gives up", () => {
    const t0 = Date.UTC(2026, 0, 1);
    let at = t0;
    const gaps: number[] = [];
    for (let attempt = 1; ; attempt++) {
      const next = nextAttemptAt(attempt, at);
      if (next === null) {
        expect(attempt).toBe(8);
        break;
      }
      gaps.push(next - at);
      at = next;
    }
    expect(gaps).toEqual([5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000]);
    // About a day: the last attempt comes 27 h 35 min 5 s after the first.
    expect(at - t0).toBe(((27 * 60 + 35) * 60 + 5) * 1000);
    expect(DEFAULT_RETRY_DELAYS_MS).toHaveLength(7);
  });

  it("follows a schedule it is given", () => {
    expect(nextAttemptAt(1, 1000, [10, 20])).toBe(1010);
    expect(nextAttemptAt(2, 1000, [10, 20])).toBe(1020);
    expect(nextAttemptAt(3, 1000, [10, 20])).toBeNull();
    expect(nextAttemptAt(1, 1000, [])).toBeNull();
  });
});
