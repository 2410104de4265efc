/**
 * Sliding-window counter arithmetic. Time is cut into fixed windows of
 * `windowMs`; a request at `elapsedMs` into the current window is judged on
 * the estimate `previous × (1 − elapsedMs/windowMs) + current`. All
 * comparisons are done scaled by `windowMs`, in integers, so that the 600th
 * request of a fresh window is never refused by a rounding error.
 */

/** Requests admitted in the window before the current one and in the current one. */
export interface WindowCounts {
  previous: number;
  current: number;
}

/** Where `now` falls in the fixed windows. */
export interface WindowPosition {
  /** Start of the current window, epoch ms (a multiple of `windowMs`). */
  windowStart: number;
  /** Milliseconds since `windowStart`, in [0, windowMs). */
  elapsedMs: number;
}

/** The current window of `now`. */
export function windowPosition(now: number, windowMs: number): WindowPosition {
  const windowStart = Math.floor(now / windowMs) * windowMs;
  return { windowStart, elapsedMs: now - windowStart };
}

function scaledEstimate(c: WindowCounts, elapsedMs: number, windowMs: number): number {
  return c.previous * (windowMs - elapsedMs) + c.current * windowMs;
}

/**
 * True when the estimate, with these counts, does not exceed `limit`: the
 * definition `currentWindowCapacity` solves for `current`.
 */
export function withinLimit(c: WindowCounts, elapsedMs: number, limit: number, windowMs: number): boolean {
  return scaledEstimate(c, elapsedMs, windowMs) <= limit * windowMs;
}

/**
 * The most requests the current window may hold at `elapsedMs`, given the
 * previous window's count: the largest `current` with the estimate ≤ `limit`
 * (negative when the previous window alone exceeds the limit).
 */
export function currentWindowCapacity(previous: number, elapsedMs: number, limit: number, windowMs: number): number {
  return Math.floor((limit * windowMs - previous * (windowMs - elapsedMs)) / windowMs);
}

/** Whole requests still admissible right now with these counts (≥ 0). */
export function remainingQuota(c: WindowCounts, elapsedMs: number, limit: number, windowMs: number): number {
  return Math.max(0, Math.floor((limit * windowMs - scaledEstimate(c, elapsedMs, windowMs)) / windowMs));
}

/**
 * Milliseconds from now until one more request would be admitted, if no
 * other request is admitted meanwhile: 0 when it would be admitted now.
 * Within the current window the previous window's share decays linearly;
 * once the window rolls over, the current count becomes the decaying one.
 */
export function msUntilAdmissible(c: WindowCounts, elapsedMs: number, limit: number, windowMs: number): number {
  const room = limit - c.current - 1;
  if (room >= 0) {
    if (c.previous === 0) return 0;
    const wait = Math.max(0, Math.ceil(windowMs - elapsedMs - (room * windowMs) / c.previous));
    if (elapsedMs + wait < windowMs) return wait;
  }
  const intoNext = c.current <= limit - 1 ? 0 : Math.ceil(windowMs - ((limit - 1) * windowMs) / c.current);
  return windowMs - elapsedMs + Math.max(0, intoNext);
}

/** Whole seconds for a `Retry-After`: rounded up, at least 1. */
export function retryAfterSeconds(ms: number): number {
  return Math.max(1, Math.ceil(ms / 1000));
}
