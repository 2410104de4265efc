import type { Checkpoint } from "./checkpoint.js";
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
    })),
    votes: c.votes.map((v) => ({ subject: v.subject, decision: v.decision, reason: v.reason, at: iso(v.at) })),
  };
}

function iso(ms: number): string {
  return new Date(ms).toISOString();
}
