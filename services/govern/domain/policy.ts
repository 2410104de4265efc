import type { AutonomyLevel } from "./autonomy-level.js";

/** Only `active` policies take part in evaluations. */
export type PolicyStatus = "active" | "inactive";

/** What an applicable policy does to a checkpoint. */
export type PolicyOutcome = "approve" | "reject" | "block" | "review";

/** What a timeout makes of a checkpoint the policy holds: `expired` (the default) or `rejected`. */
export type TimeoutOutcome = "expired" | "rejected";

/** Every timeout outcome, the default first. */
export const TIMEOUT_OUTCOMES: readonly TimeoutOutcome[] = ["expired", "rejected"];

/**
 * A policy's request that its checkpoints be scanned with the workspace's
 * content-safety rules before it decides: what a `block` verdict does
 * (`block` the checkpoint at once, or hold it for `review`) and what a
 * `flag` verdict does (`review` even when the policy would approve, or
 * `ignore` it). `log` and `allow` verdicts change nothing.
 */
export interface ScanGate {
  onBlock: "block" | "review";
  onFlag: "review" | "ignore";
}

/** Whether a gate can hold a checkpoint for review, so its policy needs reviewers. */
export function gateMayAskForReview(gate: ScanGate | null): boolean {
  return gate !== null && (gate.onBlock === "review" || gate.onFlag === "review");
}

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
  /** What a timeout makes of a checkpoint this policy holds. */
  timeoutOutcome: TimeoutOutcome;
  /** Scan the checkpoint's content before deciding; null: no scan. */
  scan: ScanGate | null;
}

/** A stored policy. `version` starts at 1 and grows by one per edit; times are epoch ms. */
export interface Policy extends PolicySpec {
  id: string;
  workspaceId: string;
  version: number;
  createdAt: number;
  updatedAt: number;
}
