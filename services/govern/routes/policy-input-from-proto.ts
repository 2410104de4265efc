import { ValidationError } from "../../../lib/errors.js";
import {
  AutonomyLevelSchema,
  PolicyOutcomeSchema,
  PolicyStatusSchema,
  ScanBlockActionSchema,
  ScanFlagActionSchema,
  TimeoutOutcomeSchema,
  type PolicySpec as PolicySpecMessage,
} from "../../../gen/gatehouse/govern/v1/govern_pb.js";
import type { AutonomyLevel } from "../domain/autonomy-level.js";
import type { PolicyOutcome, PolicyStatus, ScanGate, TimeoutOutcome } from "../domain/policy.js";
import type { PolicySpecInput } from "../domain/policy-spec-input.js";
import { fromProtoEnum } from "./proto-enum.js";

/** The domain input of a request's PolicySpec (absent spec: every field empty). */
export function policyInputFromProto(spec: PolicySpecMessage | undefined): PolicySpecInput {
  const match = spec?.match;
  return {
    name: spec?.name ?? "",
    description: spec?.description ?? null,
    status: fromProtoEnum<PolicyStatus>(PolicyStatusSchema, spec?.status ?? 0, "status"),
    groupIds: spec?.groupIds ?? [],
    match: {
      actions: match?.actions ?? [],
      agentIds: match?.agentIds ?? [],
      autonomyLevels: (match?.autonomyLevels ?? []).map((l, i) => {
        const level = fromProtoEnum<AutonomyLevel>(AutonomyLevelSchema, l, `match.autonomy_levels[${i}]`);
        if (level === null) throw unspecifiedLevel(i);
        return level;
      }),
      condition: match?.condition ?? null,
    },
    outcome: fromProtoEnum<PolicyOutcome>(PolicyOutcomeSchema, spec?.outcome ?? 0, "outcome"),
    quorum: spec?.quorum ?? null,
    reviewers: spec?.reviewers ?? [],
    timeoutSeconds: spec?.timeoutSeconds ?? null,
    timeoutOutcome: fromProtoEnum<TimeoutOutcome>(TimeoutOutcomeSchema, spec?.timeoutOutcome ?? 0, "timeout_outcome"),
    scan: spec?.scan
      ? {
          onBlock: fromProtoEnum<ScanGate["onBlock"]>(ScanBlockActionSchema, spec.scan.onBlock, "scan.on_block"),
          onFlag: fromProtoEnum<ScanGate["onFlag"]>(ScanFlagActionSchema, spec.scan.onFlag, "scan.on_flag"),
        }
      : null,
  };
}

function unspecifiedLevel(i: number): Error {
  return new ValidationError(`match.autonomy_levels[${i}]`, "must be one of L0..L5");
}
