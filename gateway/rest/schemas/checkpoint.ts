import { z } from "zod";
import {
  ApplicabilitySchema,
  CheckpointStatusSchema,
  EvalStatusSchema,
  ScanBlockActionSchema,
  ScanEffectSchema,
  ScanFlagActionSchema,
  TimeoutOutcomeSchema,
  VoteDecisionSchema,
} from "../../../gen/gatehouse/govern/v1/govern_pb.js";
import { enumOf, Timestamp } from "./common.js";

/** Autonomy levels as the spec spells them. */
export const AutonomyLevel = z.enum(["L0", "L1", "L2", "L3", "L4", "L5"]);
export const CheckpointStatus = enumOf(CheckpointStatusSchema);
const ids = (what: string) => z.array(z.string().min(1).max(200)).max(100).describe(what);

/** `POST /v1/checkpoints` body (the spec's checkpoint request). */
export const CreateCheckpointBody = z
  .strictObject({
    action: z.string().describe("Name of the action being guarded."),
    payload: z.record(z.string(), z.unknown()).optional().describe("Structured details of the action."),
    agent_name: z.string().optional().describe("Caller name, for agents that are not registered."),
    agent_id: z.string().optional().describe("ID of a registered agent (404 if unknown)."),
    context: z.string().optional().describe("Free text for reviewers."),
    reasoning: z.string().optional().describe("The agent's own reasoning."),
    autonomy_level: AutonomyLevel.optional(),
    policy_ids: ids("Restricts evaluation to these policies.").optional(),
    policy_group_ids: ids("Restricts evaluation to these policy groups.").optional(),
    timeout_seconds: z.number().int().describe("Ceiling for a human decision, 1…604800 s.").optional(),
  })
  .meta({ id: "CheckpointRequest" });
export type CreateCheckpointBody = z.infer<typeof CreateCheckpointBody>;

export const TimeoutOutcome = enumOf(TimeoutOutcomeSchema);

/** A policy's content-scan gate: what a block and a flag verdict do. */
export const ScanGate = z
  .strictObject({
    on_block: enumOf(ScanBlockActionSchema).optional().describe("block (default): block at once; review: hold for the policy's reviewers."),
    on_flag: enumOf(ScanFlagActionSchema).optional().describe("review (default): hold for the policy's reviewers even when it would approve; ignore."),
  });

/** A scan-gated policy's part of an eval. */
export const EvalScan = z
  .object({
    on_block: enumOf(ScanBlockActionSchema),
    on_flag: enumOf(ScanFlagActionSchema),
    effect: enumOf(ScanEffectSchema).nullable().describe("What the scan did to this eval; null when the policy did not apply."),
    scan_id: z.string().nullable(),
    verdict: z.string().nullable().describe("block, flag, log or allow; null when nothing was scanned."),
    rule_set_version: z.string().nullable().describe("Version of the workspace's rule set the scan used."),
    matches: z.array(
      z.object({
        rule_id: z.string(),
        rule_name: z.string(),
        type: z.string(),
        action: z.string(),
        severity: z.string(),
        findings: z.array(
          z.object({
            part: z.enum(["payload", "context", "reasoning"]).describe("Where it was found (the payload as canonical JSON)."),
            kind: z.string(),
            label: z.string(),
            start: z.number().int(),
            end: z.number().int(),
            excerpt: z.string().describe("Masked; never the found value whole."),
          }),
        ),
      }),
    ),
  });

/** The checkpoint decision returned by create, cold poll and wait. */
export const CheckpointDecision = z
  .object({
    checkpoint_id: z.string(),
    agent_id: z.string().nullable(),
    agent_name: z.string().nullable(),
    action: z.string(),
    status: CheckpointStatus,
    reason: z.string().nullable(),
    decision_token: z.string().nullable().describe("Signed JWT (ES256) once terminal; verify it before acting."),
    expires_at: Timestamp.nullable(),
    created_at: Timestamp,
    decided_at: Timestamp.nullable(),
    evals: z.array(
      z.object({
        policy_id: z.string(),
        policy_name: z.string(),
        applicability: enumOf(ApplicabilitySchema),
        status: enumOf(EvalStatusSchema),
        quorum_required: z.number().int(),
        quorum_met: z.number().int(),
        pool_size: z.number().int(),
        timeout_outcome: TimeoutOutcome.describe("What a timeout makes of the checkpoint while this eval is pending."),
        scan: EvalScan.nullable().describe("Set when the policy asks for a content scan."),
      }),
    ),
    votes: z.array(
      z.object({ subject: z.string(), decision: enumOf(VoteDecisionSchema), reason: z.string().nullable(), at: Timestamp }),
    ),
  })
  .meta({ id: "CheckpointDecision" });
export type CheckpointDecision = z.infer<typeof CheckpointDecision>;

export const ListCheckpointsQuery = z.strictObject({
  status: CheckpointStatus.optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
  cursor: z.string().max(500).optional(),
});
export const CheckpointListResponse = z.object({
  checkpoints: z.array(CheckpointDecision),
  next_cursor: z.string().nullable(),
});

export const WaitQuery = z.strictObject({
  timeout: z.coerce.number().int().min(1).max(55).optional().describe("Seconds to hold, 1…55, default 50."),
});

export const DecisionBody = z
  .strictObject({ decision: enumOf(VoteDecisionSchema), reason: z.string().max(2000).optional() })
  .meta({ id: "DecisionRequest" });
export const CancelBody = z.strictObject({ reason: z.string().max(2000).optional() }).meta({ id: "CancelRequest" });

export const VerifyTokenBody = z
  .strictObject({
    token: z.string().min(1).max(8192),
    action: z.string().optional().describe("When sent, the token must be for this action."),
    payload: z.record(z.string(), z.unknown()).optional().describe("When sent, the token must be for exactly this payload."),
  })
  .meta({ id: "VerifyTokenRequest" });
export const VerifyTokenResponse = z.object({
  valid: z.boolean(),
  reason: z.string().optional(),
  claims: z.record(z.string(), z.unknown()).optional(),
});
