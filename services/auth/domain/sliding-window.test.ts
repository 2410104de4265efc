import { describe, expect, it } from "vitest";
import { ManualClock } from "../../../lib/clock.js";
import {
  currentWindowCapacity,
  msUntilAdmissible,
  remainingQuota,
  retryAfterSeconds,
  windowPosition,
  withinLimit,
  type WindowCounts,
} from "./sliding-window.js";

const W = 60_000;
const LIMIT = 600;

/**
 * A model client of the pure window arithmetic: keeps per-window counts the
 * way the store does and admits by the domain functions.
 */
function meter(clock: ManualClock) {
  const counts = new Map<number, number>();
  return {
    request(): { allowed: boolean; retryAfterMs: number } {
      const { windowStart, elapsedMs } = windowPosition(clock.now(), W);
      const c: WindowCounts = { previous: counts.get(windowStart - W) ?? 0, current: counts.get(windowStart) ?? 0 };
      if (c.current + 1 <= currentWindowCapacity(c.previous, elapsedMs, LIMIT, W)) {
        counts.set(windowStart, c.current + 1);
        return { allowed: true, retryAfterMs: 0 };
      }
      return { allowed: false, retryAfterMs: msUntilAdmissible(c, elapsedMs, LIMIT, W) };
    },
  };
}

describe("sliding-window counter", () => {
  it("locates the fixed window of a time", () => {
    expect(windowPosition(125_000, W)).toEqual({ windowStart: 120_000, elapsedMs: 5_000 });
  });

  it("weights the previous window by the part still covered", () => {
    expect(withinLimit({ previous: 600, current: 150 }, 15_000, LIMIT, W)).toBe(true);
    expect(withinLimit({ previous: 600, current: 151 }, 15_000, LIMIT, W)).toBe(false);
    expect(remainingQuota({ previous: 100, current: 10 }, 30_000, LIMIT, W)).toBe(540);
  });

  it("admits exactly the limit in a fresh window", () => {
    expect(withinLimit({ previous: 0, current: 600 }, 0, LIMIT, W)).toBe(true);
    expect(withinLimit({ previous: 0, current: 601 }, 0, LIMIT, W)).toBe(false);
    expect(remainingQuota({ previous: 0, current: 600 }, 0, LIMIT, W)).toBe(0);
    expect(remainingQuota({ previous: 0, current: 1 }, 0, LIMIT, W)).toBe(599);
  });

  it("gives the current window the capacity the previous one leaves, matching withinLimit", () => {
    expect(currentWindowCapacity(0, 0, LIMIT, W)).toBe(600);
    expect(currentWindowCapacity(600, 15_000, LIMIT, W)).toBe(150);
    expect(currentWindowCapacity(599, 100, LIMIT, W)).toBe(1);
    for (const [previous, elapsedMs] of [[0, 0], [600, 15_000], [333, 59_999], [17, 1]] as const) {
      const cap = currentWindowCapacity(previous, elapsedMs, LIMIT, W);
      expect(withinLimit({ previous, current: cap }, elapsedMs, LIMIT, W)).toBe(true);
      expect(withinLimit({ previous, current: cap + 1 }, elapsedMs, LIMIT, W)).toBe(false);
    }
  });

  it("computes the wait until one more request fits", () => {
    // Full fresh window: wait for the roll-over, then until 600 × (1 − e/W) ≤ 599.
    expect(msUntilAdmissible({ previous: 0, current: 600 }, 0, LIMIT, W)).toBe(60_100);
    // Half-way through, previous 600, current 300: 1/600 of the window more.
    expect(msUntilAdmissible({ previous: 600, current: 300 }, 30_000, LIMIT, W)).toBe(100);
    expect(msUntilAdmissible({ previous: 0, current: 10 }, 0, LIMIT, W)).toBe(0);
  });

  it("rounds Retry-After up to whole seconds, at least 1", () => {
    expect(retryAfterSeconds(1)).toBe(1);
    expect(retryAfterSeconds(60_100)).toBe(61);
    expect(retryAfterSeconds(0)).toBe(1);
  });

  it("refuses the 601st request, and admits again once the promised wait is over", () => {
    const clock = new ManualClock(Date.UTC(2026, 0, 1, 12, 0, 0));
    const m = meter(clock);
    for (let i = 0; i < 600; i++) expect(m.request().allowed).toBe(true);
    const refused = m.request();
    expect(refused.allowed).toBe(false);
    clock.advance(refused.retryAfterMs - 1);
    expect(m.request().allowed).toBe(false);
    clock.advance(1);
    expect(m.request().allowed).toBe(true);
  });

  it("recovers a client that keeps hammering, since refused requests are not counted", () => {
    const clock = new ManualClock(Date.UTC(2026, 0, 1, 12, 0, 0));
    const m = meter(clock);
    for (let i = 0; i < 600; i++) m.request();
    for (let s = 0; s < 60; s++) {
      for (let i = 0; i < 50; i++) expect(m.request().allowed).toBe(false);
      clock.advance(1000);
    }
    clock.advance(1000);
    expect(m.request().allowed).toBe(true);
  });

  it("slides: a full previous window lets requests in gradually", () => {
    const clock = new ManualClock(Date.UTC(2026, 0, 1, 12, 0, 0));
    const m = meter(clock);
    for (let i = 0; i < 600; i++) m.request();
    clock.advance(W + 15_000); // 25 % into the next window: previous weighs 450
    let admitted = 0;
    while (m.request().allowed) admitted++;
    expect(admitted).toBe(150);
  });
});
