import type { AutonomyLevel } from "./autonomy-level.js";

/** Only `active` policies take part in evaluations. */
export type PolicyStatus = "active" | "inactive";

/** What an applicable policy does to a checkpoint. */
export type PolicyOutcome = "approve" | "reject" | "block" | "review";

/** Which checkpoints a policy applies to; every present part must hold. */
export interface PolicyMatch {
  /** Globs over the action (`*` any run, `?` one character); never empty. */
  actions: string[];
  /** When non-empty, the checkpoint's agent_id must be one of these. */
  agentIds: string[];
  /** When non-empty, the checkpoint's autonomy level must be one of these. */
  autonomyLevels: AutonomyLevel[];
  /** CEL over action, payload, agent, context, reasoning, autonomy_level. */
  condition: string | null;
}

/** The writable fields of a policy, validated and with defaults applied. */
export interface PolicySpec {
  name: string;
  description: string | null;
  status: PolicyStatus;
  groupIds: string[];
  match: PolicyMatch;
  outcome: PolicyOutcome;
  /** Approvals a review needs; at least 1. */
  quorum: number;
  /** Subjects that may vote on a review; at least `quorum` of them for `review`. */
  reviewers: string[];
  /** Default decision window of checkpoints this review policy holds, in seconds. */
  timeoutSeconds: number | null;
}

/** A stored policy. `version` starts at 1 and grows by one per edit; times are epoch ms. */
export interface Policy extends PolicySpec {
  id: string;
  workspaceId: string;
  version: number;
  createdAt: number;
  updatedAt: number;
}
