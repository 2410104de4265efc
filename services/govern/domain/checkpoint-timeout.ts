import { LIMITS } from "./limits.js";

/**
 * The decision window of a new checkpoint, in seconds: the one requested,
 * else the smallest of the applicable review policies, else one hour.
 */
export function checkpointTimeoutSeconds(requested: number | null, reviewTimeoutSeconds: number | null): number {
  return requested ?? reviewTimeoutSeconds ?? LIMITS.defaultTimeoutSeconds;
}
