import { describe, expect, it } from "vitest";
import { formatDuration, timeLeft } from "./format-time.js";

describe("formatDuration", () => {
  it("reads at a glance at every scale", () => {
    expect(formatDuration(-5)).toBe("0 s");
    expect(formatDuration(45_000)).toBe("45 s");
    expect(formatDuration(12 * 60_000 + 59_000)).toBe("12 min");
    expect(formatDuration(3 * 3600_000 + 5 * 60_000)).toBe("3 h 5 min");
    expect(formatDuration(2 * 3600_000)).toBe("2 h");
    expect(formatDuration(52 * 3600_000)).toBe("2 d 4 h");
  });

  it("has nothing left once the time has passed", () => {
    expect(timeLeft("2026-01-01T00:00:10.000Z", Date.parse("2026-01-01T00:00:00.000Z"))).toBe("10 s");
    expect(timeLeft("2026-01-01T00:00:00.000Z", Date.parse("2026-01-01T00:00:01.000Z"))).toBeNull();
    expect(timeLeft(null, 0)).toBeNull();
  });
});
