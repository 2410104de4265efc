import { z } from "zod";
import {
  ApplicabilitySchema,
  CheckpointStatusSchema,
  EvalStatusSchema,
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
