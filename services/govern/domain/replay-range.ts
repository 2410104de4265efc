import { ValidationError } from "../../../lib/errors.js";

/** How far back a replay looks when the request names no `since`: 7 days before `until`. */
export const DEFAULT_REPLAY_SPAN_MS = 7 * 24 * 3600 * 1000;

/** The creation times a replay covers: at or after `since`, before `until` (epoch ms). */
export interface ReplayRange {
  since: number;
  until: number;
}

/**
 * The range of a replay request: `until` defaults to `now`, `since` to
 * `DEFAULT_REPLAY_SPAN_MS` before `until`. `since` must come before `until`
 * (a ValidationError naming `since` otherwise).
 */
export function replayRange(since: number | null, until: number | null, now: number): ReplayRange {
  const end = until ?? now;
  const start = since ?? end - DEFAULT_REPLAY_SPAN_MS;
  if (start >= end) throw new ValidationError("since", `must be before until (${new Date(end).toISOString()})`);
  return { since: start, until: end };
}
