import type { JsonObject } from "@bufbuild/protobuf";
import type { AutonomyLevel } from "./autonomy-level.js";
import type { EvalScan } from "./gate-scan.js";
import type { TimeoutOutcome } from "./policy.js";

/** Where a checkpoint stands; every status but `pending` is terminal. */
export type CheckpointStatus = "pending" | "approved" | "rejected" | "expired" | "blocked" | "cancelled";

/** Whether a policy's match selected the checkpoint. */
export type Applicability = "applicable" | "not_applicable";

/** One policy's verdict on a checkpoint; `skipped` when it does not apply. */
export type EvalStatus = "approved" | "rejected" | "blocked" | "pending" | "skipped";

/** A reviewer's decision. */
export type VoteDecision = "approve" | "reject";

/** One policy's evaluation of a checkpoint, kept with the checkpoint. */
export interface Eval {
  policyId: string;
  policyName: string;
  applicability: Applicability;
  status: EvalStatus;
  /** Approvals a review needs (the policy's quorum); 0 for approve/reject/block policies. */
  quorumRequired: number;
  /** Approvals counted so far. */
  quorumMet: number;
  /** Size of `reviewers`. */
  poolSize: number;
  /** Subjects allowed to vote on this eval. */
  reviewers: string[];
  /**
   * What a timeout makes of the checkpoint while this eval is pending (the
   * policy's `timeout_outcome`); absent in evals stored before policies said,
   * which means `expired`.
   */
  timeoutOutcome?: TimeoutOutcome;
  /** The policy's scan gate and, once it applied, the scan's result; absent or null when it asks for none. */
  scan?: EvalScan | null;
}

/** One reviewer vote, in the order votes arrived. */
export interface Vote {
  subject: string;
  decision: VoteDecision;
  reason: string | null;
  /** Epoch ms. */
  at: number;
}

/**
 * An approval checkpoint. Times are epoch ms. `revision` grows by one with
 * every vote and transition; stores update a checkpoint only at the revision
 * it was read at, so concurrent writers never both win.
 */
export interface Checkpoint {
  id: string;
  workspaceId: string;
  agentId: string | null;
  agentName: string | null;
  action: string;
  payload: JsonObject | null;
  context: string | null;
  reasoning: string | null;
  autonomyLevel: AutonomyLevel | null;
  policyIds: string[];
  policyGroupIds: string[];
  status: CheckpointStatus;
  reason: string | null;
  /** Signed decision token; set exactly when the status is terminal. */
  decisionToken: string | null;
  expiresAt: number;
  createdAt: number;
  decidedAt: number | null;
  evals: Eval[];
  votes: Vote[];
  revision: number;
}

/** Every checkpoint status, pending first. */
export const CHECKPOINT_STATUSES: readonly CheckpointStatus[] = [
  "pending",
  "approved",
  "rejected",
  "expired",
  "blocked",
  "cancelled",
];

/** True for every status a checkpoint never leaves. */
export function isTerminal(status: CheckpointStatus): boolean {
  return status !== "pending";
}
