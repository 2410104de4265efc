import type { AutonomyLevel } from "./autonomy-level.js";
import type { PolicyOutcome, PolicyStatus, ScanGate, TimeoutOutcome } from "./policy.js";

/**
 * A policy spec as received: absent values are null (or empty lists), to be
 * defaulted and validated by `validatePolicySpec`.
 */
export interface PolicySpecInput {
  name: string;
  description: string | null;
  status: PolicyStatus | null;
  groupIds: readonly string[];
  match: {
    actions: readonly string[];
    agentIds: readonly string[];
    autonomyLevels: readonly AutonomyLevel[];
    condition: string | null;
  };
  outcome: PolicyOutcome | null;
  quorum: number | null;
  reviewers: readonly string[];
  timeoutSeconds: number | null;
  timeoutOutcome: TimeoutOutcome | null;
  /** Null: no scan; a null part takes its default (block, review). */
  scan: { onBlock: ScanGate["onBlock"] | null; onFlag: ScanGate["onFlag"] | null } | null;
}
