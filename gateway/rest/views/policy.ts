import type { MessageInitShape } from "@bufbuild/protobuf";
import {
  type Agent,
  AutonomyLevelSchema,
  CheckpointStatusSchema,
  type Policy,
  PolicyOutcomeSchema,
  type PolicySpecSchema,
  PolicyStatusSchema,
  type ReplayPoliciesResponse,
  ScanBlockActionSchema,
  ScanFlagActionSchema,
  TimeoutOutcomeSchema,
} from "../../../gen/gatehouse/govern/v1/govern_pb.js";
import { enumValue, wireName } from "../../../lib/enum-wire.js";
import type { CreatePolicyBody, PolicyObject, PolicyReplayResponse, UpdatePolicyBody } from "../schemas/policy.js";
import { iso, isoOrNull } from "./time.js";

/** "l3" on the wire of the enum is "L3" in the spec. */
export const autonomyName = (v: number) => wireName(AutonomyLevelSchema, v)!.toUpperCase() as "L0";

/** The REST view of a policy. */
export function policyView(p: Policy): PolicyObject {
  return {
    id: p.id,
    name: p.name,
    description: p.description ?? null,
    status: wireName(PolicyStatusSchema, p.status)!,
    version: p.version,
    group_ids: p.groupIds,
    match: {
      actions: p.match?.actions.length ? p.match.actions : ["*"],
      agent_ids: p.match?.agentIds ?? [],
      autonomy_levels: (p.match?.autonomyLevels ?? []).map(autonomyName),
      condition: p.match?.condition ?? null,
    },
    outcome: wireName(PolicyOutcomeSchema, p.outcome)!,
    quorum: p.quorum,
    reviewers: p.reviewers,
    timeout_seconds: p.timeoutSeconds ?? null,
    timeout_outcome: wireName(TimeoutOutcomeSchema, p.timeoutOutcome) ?? "expired",
    scan: p.scan
      ? { on_block: wireName(ScanBlockActionSchema, p.scan.onBlock) ?? "block", on_flag: wireName(ScanFlagActionSchema, p.scan.onFlag) ?? "review" }
      : null,
    created_at: iso(p.createdAt),
    updated_at: iso(p.updatedAt),
  };
}

/** The PolicySpec of a create or PATCH body (a PATCH names its fields in the mask). */
export function policySpecOf(body: CreatePolicyBody | UpdatePolicyBody): MessageInitShape<typeof PolicySpecSchema> {
  return {
    name: body.name ?? "",
    description: body.description ?? undefined,
    status: body.status ? (enumValue(PolicyStatusSchema, body.status) ?? 0) : 0,
    groupIds: body.group_ids ?? [],
    match: body.match
      ? {
          actions: body.match.actions ?? [],
          agentIds: body.match.agent_ids ?? [],
          autonomyLevels: (body.match.autonomy_levels ?? []).map((l) => enumValue(AutonomyLevelSchema, l)!),
          condition: body.match.condition ?? undefined,
        }
      : undefined,
    outcome: body.outcome ? (enumValue(PolicyOutcomeSchema, body.outcome) ?? 0) : 0,
    quorum: body.quorum,
    reviewers: body.reviewers ?? [],
    timeoutSeconds: body.timeout_seconds ?? undefined,
    timeoutOutcome: body.timeout_outcome ? (enumValue(TimeoutOutcomeSchema, body.timeout_outcome) ?? 0) : 0,
    scan: body.scan
      ? {
          onBlock: body.scan.on_block ? (enumValue(ScanBlockActionSchema, body.scan.on_block) ?? 0) : 0,
          onFlag: body.scan.on_flag ? (enumValue(ScanFlagActionSchema, body.scan.on_flag) ?? 0) : 0,
        }
      : undefined,
  };
}

/** The REST view of an agent. */
export function agentView(a: Agent) {
  return { id: a.id, name: a.name, description: a.description ?? null, created_at: iso(a.createdAt) };
}

/** The REST answer of a policy replay. */
export function policyReplayView(r: ReplayPoliciesResponse): PolicyReplayResponse {
  type Outcome = PolicyReplayResponse["by_transition"][number]["from"];
  return {
    since: iso(r.since),
    until: iso(r.until),
    evaluated: r.evaluated,
    changed: r.changed,
    unchanged: r.unchanged,
    skipped_pinned: r.skippedPinned,
    needs_scan: r.needsScan,
    by_transition: r.transitions.map((t) => ({
      from: wireName(CheckpointStatusSchema, t.from) as Outcome,
      to: wireName(CheckpointStatusSchema, t.to) as Outcome,
      count: t.count,
      examples: t.exampleCheckpointIds,
    })),
    truncated: r.truncated,
    resume_since: isoOrNull(r.resumeSince),
  };
}
