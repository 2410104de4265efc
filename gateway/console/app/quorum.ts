import type { Checkpoint } from "./api-types.js";

/** Approvals a pending checkpoint has and needs, summed over its pending policies. */
export interface QuorumProgress {
  met: number;
  required: number;
}

/**
 * Quorum progress of a checkpoint: over the evals still pending, approvals
 * counted against the quorum each needs. With no applicable policy any
 * decider settles it with one vote (DESIGN: fail closed, quorum 1).
 */
export function quorumProgress(c: Checkpoint): QuorumProgress {
  const pending = c.evals.filter((e) => e.status === "pending");
  if (pending.length === 0) {
    const approvals = c.votes.filter((v) => v.decision === "approve").length;
    return { met: Math.min(approvals, 1), required: 1 };
  }
  return {
    met: pending.reduce((n, e) => n + Math.min(e.quorum_met, e.quorum_required), 0),
    required: pending.reduce((n, e) => n + e.quorum_required, 0),
  };
}
