import {
  ApplicabilitySchema,
  type Checkpoint,
  CheckpointStatusSchema,
  type Eval,
  EvalStatusSchema,
  ScanBlockActionSchema,
  ScanEffectSchema,
  ScanFlagActionSchema,
  TimeoutOutcomeSchema,
  VoteDecisionSchema,
} from "../../../gen/gatehouse/govern/v1/govern_pb.js";
import { wireName } from "../../../lib/enum-wire.js";
import type { CheckpointDecision } from "../schemas/checkpoint.js";
import { iso, isoOrNull } from "./time.js";

/** The spec's checkpoint decision object of a checkpoint. */
export function checkpointView(c: Checkpoint): CheckpointDecision {
  return {
    checkpoint_id: c.id,
    agent_id: c.agentId ?? null,
    agent_name: c.agentName ?? null,
    action: c.action,
    status: wireName(CheckpointStatusSchema, c.status)!,
    reason: c.reason ?? null,
    decision_token: c.decisionToken ?? null,
    expires_at: isoOrNull(c.expiresAt),
    created_at: iso(c.createdAt),
    decided_at: isoOrNull(c.decidedAt),
    evals: c.evals.map((e) => ({
      policy_id: e.policyId,
      policy_name: e.policyName,
      applicability: wireName(ApplicabilitySchema, e.applicability)!,
      status: wireName(EvalStatusSchema, e.status)!,
      quorum_required: e.quorumRequired,
      quorum_met: e.quorumMet,
      pool_size: e.poolSize,
      timeout_outcome: wireName(TimeoutOutcomeSchema, e.timeoutOutcome) ?? "expired",
      scan: evalScanView(e),
    })),
    votes: c.votes.map((v) => ({
      subject: v.subject,
      decision: wireName(VoteDecisionSchema, v.decision)!,
      reason: v.reason ?? null,
      at: iso(v.at),
    })),
  };
}

function evalScanView(e: Eval): CheckpointDecision["evals"][number]["scan"] {
  const s = e.scan;
  if (!s) return null;
  const scanned = s.scanId !== "";
  return {
    on_block: wireName(ScanBlockActionSchema, s.gate?.onBlock ?? 0) ?? "block",
    on_flag: wireName(ScanFlagActionSchema, s.gate?.onFlag ?? 0) ?? "review",
    effect: wireName(ScanEffectSchema, s.effect),
    scan_id: scanned ? s.scanId : null,
    verdict: scanned ? s.verdict : null,
    rule_set_version: scanned ? s.ruleSetVersion : null,
    matches: s.matches.map((m) => ({
      rule_id: m.ruleId,
      rule_name: m.ruleName,
      type: m.type,
      action: m.action,
      severity: m.severity,
      findings: m.findings.map((f) => ({
        part: f.part as "payload",
        kind: f.kind,
        label: f.label,
        start: f.start,
        end: f.end,
        excerpt: f.excerpt,
      })),
    })),
  };
}
