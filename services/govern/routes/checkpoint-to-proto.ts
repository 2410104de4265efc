import { create } from "@bufbuild/protobuf";
import { timestampFromMs } from "@bufbuild/protobuf/wkt";
import {
  ApplicabilitySchema,
  AutonomyLevelSchema,
  CheckpointSchema,
  CheckpointStatusSchema,
  EvalStatusSchema,
  VoteDecisionSchema,
  type Checkpoint as CheckpointMessage,
} from "../../../gen/gatehouse/govern/v1/govern_pb.js";
import type { Checkpoint } from "../domain/checkpoint.js";
import { toProtoEnum } from "./proto-enum.js";

/** The protobuf form of a stored checkpoint; absent optional fields stay unset. */
export function checkpointToProto(c: Checkpoint): CheckpointMessage {
  return create(CheckpointSchema, {
    id: c.id,
    workspaceId: c.workspaceId,
    agentId: c.agentId ?? undefined,
    agentName: c.agentName ?? undefined,
    action: c.action,
    payload: c.payload ?? undefined,
    context: c.context ?? undefined,
    reasoning: c.reasoning ?? undefined,
    autonomyLevel: toProtoEnum(AutonomyLevelSchema, c.autonomyLevel),
    policyIds: c.policyIds,
    policyGroupIds: c.policyGroupIds,
    status: toProtoEnum(CheckpointStatusSchema, c.status),
    reason: c.reason ?? undefined,
    decisionToken: c.decisionToken ?? undefined,
    expiresAt: timestampFromMs(c.expiresAt),
    createdAt: timestampFromMs(c.createdAt),
    decidedAt: c.decidedAt === null ? undefined : timestampFromMs(c.decidedAt),
    evals: c.evals.map((e) => ({
      policyId: e.policyId,
      policyName: e.policyName,
      applicability: toProtoEnum(ApplicabilitySchema, e.applicability),
      status: toProtoEnum(EvalStatusSchema, e.status),
      quorumRequired: e.quorumRequired,
      quorumMet: e.quorumMet,
      poolSize: e.poolSize,
      reviewers: e.reviewers,
    })),
    votes: c.votes.map((v) => ({
      subject: v.subject,
      decision: toProtoEnum(VoteDecisionSchema, v.decision),
      reason: v.reason ?? undefined,
      at: timestampFromMs(v.at),
    })),
    revision: c.revision,
  });
}
