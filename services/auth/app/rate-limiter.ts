import type { Clock } from "../../../lib/clock.js";
import type { RateLimitPolicy } from "../domain/rate-limit-policy.js";
import {
  currentWindowCapacity,
  msUntilAdmissible,
  remainingQuota,
  retryAfterSeconds,
  windowPosition,
} from "../domain/sliding-window.js";
import type { RateLimitStore } from "../store/rate-limit-store.js";

/** The rate-limit answer for one request. */
export interface RateLimitVerdict {
  allowed: boolean;
  policy: RateLimitPolicy;
  /** Requests still admissible right now. */
  remaining: number;
  /**
   * Whole seconds until the quota recovers: while there is room, until the
   * current window ends and its requests start ageing out; when there is
   * none, until one more request is admissible.
   */
  resetSeconds: number;
  /** Whole seconds (≥ 1) to wait when refused; 0 when allowed. */
  retryAfterSeconds: number;
}

/**
 * Sliding-window counter rate limiting over a shared RateLimitStore, so every
 * replica meters the same budget. The store counts a request only if the
 * current window stays within the capacity the previous window leaves, so a
 * refused request consumes nothing and a client that keeps hammering does not
 * push its own recovery further away.
 */
export class RateLimiter {
  constructor(
    private readonly store: RateLimitStore,
    private readonly clock: Clock,
  ) {}

  /** Meters one request of `subject` (a key ID or client address) under `policy`. */
  async admit(policy: RateLimitPolicy, subject: string): Promise<RateLimitVerdict> {
    const windowMs = policy.windowSeconds * 1000;
    const now = this.clock.now();
    const { windowStart, elapsedMs } = windowPosition(now, windowMs);
    const res = await this.store.admit(`${policy.name}:${subject}`, windowStart, windowMs, now, (previous) =>
      currentWindowCapacity(previous, elapsedMs, policy.limit, windowMs),
    );
    const counts = { previous: res.previous, current: res.current };
    if (res.admitted) {
      const remaining = remainingQuota(counts, elapsedMs, policy.limit, windowMs);
      const resetSeconds =
        remaining > 0
          ? Math.max(1, Math.ceil((windowMs - elapsedMs) / 1000))
          : retryAfterSeconds(msUntilAdmissible(counts, elapsedMs, policy.limit, windowMs));
      return { allowed: true, policy, remaining, resetSeconds, retryAfterSeconds: 0 };
    }
    const wait = retryAfterSeconds(msUntilAdmissible(counts, elapsedMs, policy.limit, windowMs));
    return { allowed: false, policy, remaining: 0, resetSeconds: wait, retryAfterSeconds: wait };
  }
}
