import { ConflictError } from "../../../lib/errors.js";
import type { Checkpoint, Eval } from "./checkpoint.js";

/** The reason an expired checkpoint carries. */
export const EXPIRED_REASON = "no decision before the timeout";

/** True when `checkpoint` is pending and its decision window has closed at `now`. */
export function isDue(checkpoint: Checkpoint, now: number): boolean {
  return checkpoint.status === "pending" && checkpoint.expiresAt <= now;
}

/** The reason of a checkpoint a policy rejected when its decision window closed. */
export function timeoutRejectedReason(policyName: string): string {
  return `${EXPIRED_REASON}; rejected by policy ${JSON.stringify(policyName)}, which rejects on timeout`;
}

/**
 * The timed-out form of a pending checkpoint, at the next revision: when a
 * policy still holding it (a pending applicable eval) has `timeout_outcome:
 * "rejected"`, it is `rejected`, those evals rejected and the reason naming
 * the first of them (see `timeoutRejectedReason`); otherwise it is `expired`.
 * It is decided at its `expires_at`, whenever the transition happens to run,
 * so every replica computes the same record.
 */
export function expireCheckpoint(checkpoint: Checkpoint): Checkpoint {
  if (checkpoint.status !== "pending") throw new Error(`cannot expire a ${checkpoint.status} checkpoint`);
  const next = { ...checkpoint, decidedAt: checkpoint.expiresAt, revision: checkpoint.revision + 1 };
  const rejectsOnTimeout = (e: Eval) => e.applicability === "applicable" && e.status === "pending" && e.timeoutOutcome === "rejected";
  const deciding = checkpoint.evals.find(rejectsOnTimeout);
  if (!deciding) return { ...next, status: "expired", reason: EXPIRED_REASON };
  return {
    ...next,
    status: "rejected",
    reason: timeoutRejectedReason(deciding.policyName),
    evals: checkpoint.evals.map((e) => (rejectsOnTimeout(e) ? { ...e, status: "rejected" } : e)),
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
