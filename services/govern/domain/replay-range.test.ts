import { describe, expect, it } from "vitest";
import { ValidationError } from "../../../lib/errors.js";
import { DEFAULT_REPLAY_SPAN_MS, replayRange } from "./replay-range.js";

const NOW = Date.UTC(2026, 0, 8);

describe("replayRange", () => {
  it("defaults to the 7 days before now", () => {
    expect(replayRange(null, null, NOW)).toEqual({ since: NOW - 7 * 24 * 3600 * 1000, until: NOW });
    expect(DEFAULT_REPLAY_SPAN_MS).toBe(604_800_000);
  });

  it("counts the default span back from a given until, and keeps a given since", () => {
    expect(replayRange(null, NOW - 1000, NOW)).toEqual({ since: NOW - 1000 - DEFAULT_REPLAY_SPAN_MS, until: NOW - 1000 });
    expect(replayRange(NOW - 60_000, null, NOW)).toEqual({ since: NOW - 60_000, until: NOW });
  });

  it("refuses a since that is not before until, naming since", () => {
    for (const [since, until] of [[NOW, NOW], [NOW + 1, NOW]] as const) {
      expect(() => replayRange(since, until, NOW)).toThrow(ValidationError);
      try {
        replayRange(since, until, NOW);
      } catch (err) {
        expect((err as ValidationError).extras.field).toBe("since");
      }
    }
    // A since after now with no until is the same mistake.
    expect(() => replayRange(NOW + 5, null, NOW)).toThrow(/since/);
  });
});
