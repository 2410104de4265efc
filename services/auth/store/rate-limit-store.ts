/** The outcome of metering one request in a fixed window. */
export interface WindowAdmission {
  /** True when the request was counted in the current window. */
  admitted: boolean;
  /** Requests counted in the current window (this one included when admitted). */
  current: number;
  /** Requests counted in the window before it (0 once that window has expired). */
  previous: number;
}

/** Outcome of a poll-slot claim. */
export type SlotClaim = { claimed: true } | { claimed: false; retryAfterMs: number };

/**
 * Shared admission state of every replica: fixed-window request counts for
 * the sliding-window rate limit, and poll slots for cold-poll spacing. Every
 * record carries an explicit expiry; reads ignore expired records, and
 * `purgeExpired` deletes them.
 */
export interface RateLimitStore {
  /**
   * Counts one request of `bucket` in the window starting at `windowStart`
   * (lasting `windowMs`) if, afterwards, the window holds no more than
   * `capacityFor(previous)` requests, where `previous` is the count of the
   * window before. A refused request is not counted (it consumes no quota).
   * Atomic across replicas: concurrent requests never push a window past its
   * capacity and are never lost. A window's count expires at
   * `windowStart + 2 × windowMs`, once it can no longer be "previous".
   */
  admit(
    bucket: string,
    windowStart: number,
    windowMs: number,
    now: number,
    capacityFor: (previous: number) => number,
  ): Promise<WindowAdmission>;
  /**
   * Claims `slot` for `spacingMs` from `now`. Refused, with the time left,
   * while an earlier claim of the slot is still held. Of concurrent claims
   * within one spacing period only one succeeds.
   */
  claimSlot(slot: string, now: number, spacingMs: number): Promise<SlotClaim>;
  /** Deletes records expired at `now`; resolves how many were removed. */
  purgeExpired(now: number): Promise<number>;
}
