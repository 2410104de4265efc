import { ConflictError, NotAReviewerError } from "../../../lib/errors.js";
import { isTerminal, type Checkpoint, type Eval, type VoteDecision } from "./checkpoint.js";
import { awaitingReview } from "./evaluate-policies.js";

/** A reviewer's vote as the checkpoint records it. */
export interface VoteInput {
  subject: string;
  decision: VoteDecision;
  reason: string | null;
}

/** True when no policy holds the checkpoint: any decider may settle it, quorum 1. */
export function isDefaultReview(checkpoint: Checkpoint): boolean {
  return checkpoint.status === "pending" && !checkpoint.evals.some((e) => e.status === "pending");
}

/**
 * The checkpoint after `vote`, at the next revision, without a decision token.
 *
 * Checks, in order: the checkpoint is pending (else 409 CHECKPOINT_NOT_PENDING),
 * the subject has not voted (else 409 ALREADY_VOTED), the subject is in the
 * pool of a pending eval or the checkpoint is in the default review (else 403
 * NOT_A_REVIEWER). A reject settles the checkpoint as rejected. An approve
 * counts toward every pending eval whose pool holds the subject; an eval that
 * reaches its quorum is approved, and once no eval is left pending (or on the
 * first approval of a default review) the checkpoint is approved.
 */
export function applyVote(checkpoint: Checkpoint, vote: VoteInput, now: number): Checkpoint {
  if (isTerminal(checkpoint.status)) {
    throw new ConflictError("CHECKPOINT_NOT_PENDING", `checkpoint ${JSON.stringify(checkpoint.id)} is ${checkpoint.status}, not pending`);
  }
  if (checkpoint.votes.some((v) => v.subject === vote.subject)) {
    throw new ConflictError("ALREADY_VOTED", `${JSON.stringify(vote.subject)} has already voted on this checkpoint`);
  }
  const defaultReview = isDefaultReview(checkpoint);
  const inPool = (e: Eval) => e.status === "pending" && e.reviewers.includes(vote.subject);
  if (!defaultReview && !checkpoint.evals.some(inPool)) throw new NotAReviewerError(vote.subject);

  const votes = [...checkpoint.votes, { subject: vote.subject, decision: vote.decision, reason: vote.reason, at: now }];
  const base = { ...checkpoint, votes, revision: checkpoint.revision + 1 };

  if (vote.decision === "reject") {
    return {
      ...base,
      evals: checkpoint.evals.map((e) => (inPool(e) ? { ...e, status: "rejected" } : e)),
      status: "rejected",
      reason: vote.reason ?? `rejected by ${vote.subject}`,
      decidedAt: now,
    };
  }

  const evals = checkpoint.evals.map((e): Eval => {
    if (!inPool(e)) return e;
    const quorumMet = e.quorumMet + 1;
    return { ...e, quorumMet, status: quorumMet >= e.quorumRequired ? "approved" : "pending" };
  });
  const stillPending = evals.filter((e) => e.status === "pending");
  if (defaultReview || stillPending.length === 0) {
    const approvers = votes.filter((v) => v.decision === "approve").map((v) => v.subject);
    return { ...base, evals, status: "approved", reason: `approved by ${approvers.join(", ")}`, decidedAt: now };
  }
  return { ...base, evals, reason: awaitingReview(stillPending) };
}
