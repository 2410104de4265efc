import type { CheckpointStatus } from "./checkpoint.js";
import type { CheckpointFacts, Evaluation } from "./evaluate-policies.js";

/** What policies make of a checkpoint when it is created: a fast-path decision, or pending (a review). */
export type ImmediateOutcome = Evaluation["status"];

/**
 * A stored checkpoint as a policy replay reads it: what policies looked at
 * when it was created, what it was pinned to, and the outcome they gave it
 * then — not what reviewers, a timeout or a cancel made of it later.
 */
export interface RecordedCheckpoint extends CheckpointFacts {
  id: string;
  /** Epoch ms. */
  createdAt: number;
  policyIds: string[];
  policyGroupIds: string[];
  initialOutcome: ImmediateOutcome;
}

/** The parts of a checkpoint's current state its initial outcome is read from. */
export interface OutcomeEvidence {
  status: CheckpointStatus;
  createdAt: number;
  decidedAt: number | null;
  voteCount: number;
}

const FAST_PATH: ReadonlySet<CheckpointStatus> = new Set(["approved", "rejected", "blocked"]);

/**
 * The outcome a checkpoint was given when it was created, read from any of
 * its states. A fast-path decision is terminal at creation, decided at the
 * very time it was created and voted on by nobody, and never changes after;
 * every other checkpoint started pending — whether reviewers approved or
 * rejected it since (it has votes), it expired (decided at its timeout,
 * after its creation) or was cancelled. Since no later state of a
 * checkpoint that started pending looks like a fast path, an earlier state
 * (a lagging copy) gives the same answer as the latest.
 */
export function initialOutcomeOf(state: OutcomeEvidence): ImmediateOutcome {
  const fastPath = FAST_PATH.has(state.status) && state.voteCount === 0 && state.decidedAt === state.createdAt;
  return fastPath ? (state.status as ImmediateOutcome) : "pending";
}
