import { ConflictError } from "../../../lib/errors.js";
import type { Checkpoint } from "./checkpoint.js";

/** The reason an expired checkpoint carries. */
export const EXPIRED_REASON = "no decision before the timeout";

/** True when `checkpoint` is pending and its decision window has closed at `now`. */
export function isDue(checkpoint: Checkpoint, now: number): boolean {
  return checkpoint.status === "pending" && checkpoint.expiresAt <= now;
}

/**
 * The expired form of a pending checkpoint, at the next revision. It is
 * decided at its `expires_at`, whenever the transition happens to run, so
 * every replica computes the same record.
 */
export function expireCheckpoint(checkpoint: Checkpoint): Checkpoint {
  if (checkpoint.status !== "pending") throw new Error(`cannot expire a ${checkpoint.status} checkpoint`);
  return {
    ...checkpoint,
    status: "expired",
    reason: EXPIRED_REASON,
    decidedAt: checkpoint.expiresAt,
    revision: checkpoint.revision + 1,
  };
}

/**
 * The cancelled form of a pending checkpoint, at the next revision; reason
 * defaults to "cancelled". Anything but pending is a 409 CHECKPOINT_NOT_PENDING.
 */
export function cancelCheckpoint(checkpoint: Checkpoint, reason: string | null, now: number): Checkpoint {
  if (checkpoint.status !== "pending") {
    throw new ConflictError("CHECKPOINT_NOT_PENDING", `checkpoint ${JSON.stringify(checkpoint.id)} is ${checkpoint.status}, not pending`);
  }
  return {
    ...checkpoint,
    status: "cancelled",
    reason: reason ?? "cancelled",
    decidedAt: now,
    revision: checkpoint.revision + 1,
  };
}
