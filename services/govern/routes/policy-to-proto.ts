import { create } from "@bufbuild/protobuf";
import { timestampFromMs } from "@bufbuild/protobuf/wkt";
import {
  AutonomyLevelSchema,
  PolicyOutcomeSchema,
  PolicySchema,
  PolicyStatusSchema,
  ScanBlockActionSchema,
  ScanFlagActionSchema,
  TimeoutOutcomeSchema,
  type Policy as PolicyMessage,
} from "../../../gen/gatehouse/govern/v1/govern_pb.js";
import type { Policy } from "../domain/policy.js";
import { toProtoEnum } from "./proto-enum.js";

/** The protobuf form of a stored policy. */
export function policyToProto(p: Policy): PolicyMessage {
  return create(PolicySchema, {
    id: p.id,
    workspaceId: p.workspaceId,
    name: p.name,
    description: p.description ?? undefined,
    status: toProtoEnum(PolicyStatusSchema, p.status),
    version: p.version,
    groupIds: p.groupIds,
    match: {
      actions: p.match.actions,
      agentIds: p.match.agentIds,
      autonomyLevels: p.match.autonomyLevels.map((l) => toProtoEnum(AutonomyLevelSchema, l)),
      condition: p.match.condition ?? undefined,
    },
    outcome: toProtoEnum(PolicyOutcomeSchema, p.outcome),
    quorum: p.quorum,
    reviewers: p.reviewers,
    timeoutSeconds: p.timeoutSeconds ?? undefined,
    timeoutOutcome: toProtoEnum(TimeoutOutcomeSchema, p.timeoutOutcome),
    scan: p.scan
      ? { onBlock: toProtoEnum(ScanBlockActionSchema, p.scan.onBlock), onFlag: toProtoEnum(ScanFlagActionSchema, p.scan.onFlag) }
      : undefined,
    createdAt: timestampFromMs(p.createdAt),
    updatedAt: timestampFromMs(p.updatedAt),
  });
}
