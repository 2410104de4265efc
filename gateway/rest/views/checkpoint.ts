import {
  ApplicabilitySchema,
  type Checkpoint,
  CheckpointStatusSchema,
  EvalStatusSchema,
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
    })),
    votes: c.votes.map((v) => ({
      subject: v.subject,
      decision: wireName(VoteDecisionSchema, v.decision)!,
      reason: v.reason ?? null,
      at: iso(v.at),
    })),
  };
}
