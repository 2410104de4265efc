import { create } from "@bufbuild/protobuf";
import { timestampFromMs } from "@bufbuild/protobuf/wkt";
import {
  ApplicabilitySchema,
  AutonomyLevelSchema,
  CheckpointSchema,
  CheckpointStatusSchema,
  EvalStatusSchema,
  ScanBlockActionSchema,
  ScanEffectSchema,
  ScanFlagActionSchema,
  TimeoutOutcomeSchema,
  VoteDecisionSchema,
  type Checkpoint as CheckpointMessage,
} from "../../../gen/gatehouse/govern/v1/govern_pb.js";
import type { Checkpoint } from "../domain/checkpoint.js";
import type { EvalScan } from "../domain/gate-scan.js";
import type { MessageInitShape } from "@bufbuild/protobuf";
import type { EvalScanSchema } from "../../../gen/gatehouse/govern/v1/govern_pb.js";
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
      timeoutOutcome: toProtoEnum(TimeoutOutcomeSchema, e.timeoutOutcome ?? "expired"),
      scan: e.scan ? evalScanToProto(e.scan) : undefined,
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

function evalScanToProto(s: EvalScan): MessageInitShape<typeof EvalScanSchema> {
  return {
    gate: { onBlock: toProtoEnum(ScanBlockActionSchema, s.gate.onBlock), onFlag: toProtoEnum(ScanFlagActionSchema, s.gate.onFlag) },
    effect: toProtoEnum(ScanEffectSchema, s.effect),
    scanId: s.result?.scanId ?? "",
    verdict: s.result?.verdict ?? "",
    ruleSetVersion: s.result?.ruleSetVersion ?? "",
    matches: s.result?.matches ?? [],
  };
}
