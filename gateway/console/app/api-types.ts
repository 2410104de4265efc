/** The REST shapes the console reads (see /openapi.json). */

export type CheckpointStatus = "pending" | "approved" | "rejected" | "expired" | "blocked" | "cancelled";

/** Terminal statuses, in the order the History filter lists them. */
export const DECIDED_STATUSES: readonly CheckpointStatus[] = ["approved", "rejected", "blocked", "expired", "cancelled"];

export interface Eval {
  policy_id: string;
  policy_name: string;
  applicability: string;
  status: string;
  quorum_required: number;
  quorum_met: number;
  pool_size: number;
  /** What a timeout makes of the checkpoint while this eval is pending. */
  timeout_outcome?: "expired" | "rejected";
  /** Set when the policy has the content scanned before it decides. */
  scan?: EvalScan | null;
}

/** A scan-gated policy's part of an eval: what the content scan found and did. */
export interface EvalScan {
  on_block: "block" | "review";
  on_flag: "review" | "ignore";
  effect: "none" | "blocked" | "review" | null;
  scan_id: string | null;
  verdict: string | null;
  matches: {
    rule_name: string;
    action: string;
    severity: string;
    findings: { part: "payload" | "context" | "reasoning"; label: string; excerpt: string }[];
  }[];
}

export interface Vote {
  subject: string;
  decision: "approve" | "reject";
  reason: string | null;
  at: string;
}

/** `GET /v1/checkpoints/{id}`; events carry the same object, possibly with `revision`. */
export interface Checkpoint {
  checkpoint_id: string;
  agent_id: string | null;
  agent_name: string | null;
  action: string;
  status: CheckpointStatus;
  reason: string | null;
  decision_token: string | null;
  expires_at: string | null;
  created_at: string;
  decided_at: string | null;
  evals: Eval[];
  votes: Vote[];
  revision?: number;
}

export interface CheckpointList {
  checkpoints: Checkpoint[];
  next_cursor: string | null;
}

/** `GET /v1/checkpoints/{id}/review`. */
export interface CheckpointReview {
  checkpoint: Checkpoint;
  revision: number;
  autonomy_level: string | null;
  context: string | null;
  reasoning: string | null;
  payload: Record<string, unknown> | null;
  masked_text: string | null;
  redactions: { rule_id: string; rule_name: string; kind: string; label: string; excerpt: string }[];
  viewer: { subject: string; can_vote: boolean; cannot_vote_reason: string | null };
}

export type RuleType = "data_pattern" | "policy_dsl" | "prompt_pattern" | "tool_call";
export type RuleStatus = "active" | "archived" | "draft";

export interface Rule {
  id: string;
  name: string;
  description: string | null;
  type: RuleType;
  action: "block" | "flag" | "log";
  severity: "critical" | "high" | "medium" | "low";
  status: RuleStatus;
  is_built_in: boolean;
  applies_to_all: boolean;
  data_direction: "inbound" | "outbound" | "both" | null;
  custom_patterns: string[];
  tool_names: string[];
  data_categories: string[];
  dsl_statements: string[];
  pattern_library_ids: string[];
  detection_sensitivity: "low" | "medium" | "high";
  trigger_count: number;
  version: number;
  updated_at: string;
}

export interface Library {
  id: string;
  name: string;
  description: string;
}

export interface Finding {
  kind: string;
  label: string;
  start: number;
  end: number;
  excerpt: string;
  layer?: "heuristic" | "classifier";
  score?: number;
}

export interface ScanVerdict {
  verdict: "block" | "flag" | "log" | "allow";
  allowed: boolean;
  scan_type: string;
  matches: { rule_id: string; rule_name: string; action: string; severity: string; findings: Finding[] }[];
  unevaluated: { rule_id: string; rule_name: string; reason: string }[];
  duration_ms: number;
}

export interface ApiKey {
  id: string;
  name: string;
  subject: string;
  scopes: string[];
  secret_prefix: string;
  created_at: string;
  revoked_at: string | null;
}

