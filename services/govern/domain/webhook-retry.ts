/**
 * Delays before each retry of a delivery, after the first attempt: the
 * Standard Webhooks schedule (5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h), so a
 * delivery is tried 8 times over about 27.6 hours before it is marked failed.
 */
export const DEFAULT_RETRY_DELAYS_MS: readonly number[] = [
  5_000,
  5 * 60_000,
  30 * 60_000,
  2 * 3_600_000,
  5 * 3_600_000,
  10 * 3_600_000,
  10 * 3_600_000,
];

/**
 * When a delivery whose attempt number `attempts` (1 for the first) just
 * failed at `at` is tried again, or null when `delays` is used up and the
 * delivery has failed for good.
 */
export function nextAttemptAt(attempts: number, at: number, delays: readonly number[] = DEFAULT_RETRY_DELAYS_MS): number | null {
  const delay = delays[attempts - 1];
  return delay === undefined ? null : at + delay;
}
