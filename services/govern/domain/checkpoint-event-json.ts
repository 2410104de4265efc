import type { Checkpoint } from "./checkpoint.js";
import type { EvalScan } from "./gate-scan.js";
import type { CheckpointEvent } from "./checkpoint-event.js";

/**
 * The JSON body of a checkpoint event as webhooks send it, the same as the
 * event stream's (the gateway makes that one from the RPC answer; a test
 * holds the two equal): `{type, timestamp, data: {checkpoint, revision}}`,
 * with the checkpoint in the REST API's decision shape as the change left it.
 */
export function checkpointEventJson(e: CheckpointEvent) {
  return {
    type: e.type,
    timestamp: iso(e.at),
    data: { checkpoint: checkpointJson(e.checkpoint), revision: e.checkpoint.revision },
  };
}

function checkpointJson(c: Checkpoint) {
  return {
    checkpoint_id: c.id,
    agent_id: c.agentId,
    agent_name: c.agentName,
    action: c.action,
    status: c.status,
    reason: c.reason,
    decision_token: c.decisionToken,
    expires_at: iso(c.expiresAt),
    created_at: iso(c.createdAt),
    decided_at: c.decidedAt === null ? null : iso(c.decidedAt),
    evals: c.evals.map((e) => ({
      policy_id: e.policyId,
      policy_name: e.policyName,
      applicability: e.applicability,
      status: e.status,
      quorum_required: e.quorumRequired,
      quorum_met: e.quorumMet,
      pool_size: e.poolSize,
      timeout_outcome: e.timeoutOutcome ?? "expired",
      scan: e.scan ? evalScanJson(e.scan) : null,
    })),
    votes: c.votes.map((v) => ({ subject: v.subject, decision: v.decision, reason: v.reason, at: iso(v.at) })),
  };
}

function evalScanJson(s: EvalScan) {
  const r = s.result;
  return {
    on_block: s.gate.onBlock,
    on_flag: s.gate.onFlag,
    effect: s.effect,
    scan_id: r?.scanId ?? null,
    verdict: r?.verdict ?? null,
    rule_set_version: r?.ruleSetVersion ?? null,
    matches: (r?.matches ?? []).map((m) => ({
      rule_id: m.ruleId,
      rule_name: m.ruleName,
      type: m.type,
      action: m.action,
      severity: m.severity,
      findings: m.findings.map((f) => ({ part: f.part, kind: f.kind, label: f.label, start: f.start, end: f.end, excerpt: f.excerpt })),
    })),
  };
}

function iso(ms: number): string {
  return new Date(ms).toISOString();
}
