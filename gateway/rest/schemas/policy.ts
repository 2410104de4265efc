import { z } from "zod";
import { PolicyOutcomeSchema, PolicyStatusSchema } from "../../../gen/gatehouse/govern/v1/govern_pb.js";
import { AutonomyLevel, ScanGate, TimeoutOutcome } from "./checkpoint.js";
import { enumOf, Timestamp } from "./common.js";

export const PolicyOutcome = enumOf(PolicyOutcomeSchema);
export const PolicyStatus = enumOf(PolicyStatusSchema);

const Match = z.strictObject({
  actions: z.array(z.string()).optional().describe('Globs over the action; default ["*"].'),
  agent_ids: z.array(z.string()).optional(),
  autonomy_levels: z.array(AutonomyLevel).optional(),
  condition: z.string().nullable().optional().describe("CEL over action, payload, agent, context, reasoning, autonomy_level."),
});

const policyFields = {
  name: z.string(),
  description: z.string().nullable().optional(),
  status: PolicyStatus.optional().describe("active (default) or inactive."),
  group_ids: z.array(z.string()).optional(),
  match: Match.optional(),
  outcome: PolicyOutcome.describe("approve, reject and block decide at once; review waits for reviewers."),
  quorum: z.number().int().optional().describe("Approvals needed (review); default 1."),
  reviewers: z.array(z.string()).optional().describe("Subjects of the keys that may vote (review)."),
  timeout_seconds: z.number().int().nullable().optional(),
  timeout_outcome: TimeoutOutcome.optional().describe("What a timeout makes of a checkpoint this policy holds: expired (default) or rejected."),
  scan: ScanGate.nullable()
    .optional()
    .describe("Scan the checkpoint's payload, context and reasoning with the workspace's rules before deciding; null: no scan."),
};

export const CreatePolicyBody = z.strictObject(policyFields).meta({ id: "CreatePolicyBody" });
export type CreatePolicyBody = z.infer<typeof CreatePolicyBody>;
export const UpdatePolicyBody = z
  .strictObject({ ...policyFields, name: policyFields.name.optional(), outcome: policyFields.outcome.optional() })
  .meta({ id: "UpdatePolicyBody" });
export type UpdatePolicyBody = z.infer<typeof UpdatePolicyBody>;

export const PolicyObject = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string().nullable(),
    status: PolicyStatus,
    version: z.number().int(),
    group_ids: z.array(z.string()),
    match: z.object({
      actions: z.array(z.string()),
      agent_ids: z.array(z.string()),
      autonomy_levels: z.array(AutonomyLevel),
      condition: z.string().nullable(),
    }),
    outcome: PolicyOutcome,
    quorum: z.number().int(),
    reviewers: z.array(z.string()),
    timeout_seconds: z.number().int().nullable(),
    timeout_outcome: TimeoutOutcome,
    scan: z.object({ on_block: ScanGate.shape.on_block.unwrap(), on_flag: ScanGate.shape.on_flag.unwrap() }).nullable(),
    created_at: Timestamp,
    updated_at: Timestamp,
  })
  .meta({ id: "Policy" });
export type PolicyObject = z.infer<typeof PolicyObject>;
export const PolicyResponse = z.object({ policy: PolicyObject });
export const PolicyListResponse = z.object({ policies: z.array(PolicyObject) });

export const CreateAgentBody = z
  .strictObject({ name: z.string(), description: z.string().nullable().optional() })
  .meta({ id: "CreateAgentBody" });
export const AgentObject = z
  .object({ id: z.string(), name: z.string(), description: z.string().nullable(), created_at: Timestamp })
  .meta({ id: "Agent" });
export const AgentResponse = z.object({ agent: AgentObject });
export const AgentListResponse = z.object({ agents: z.array(AgentObject) });

/** What policies make of a checkpoint when it is created. */
const ImmediateOutcome = z.enum(["pending", "approved", "rejected", "blocked"]);

/** `POST /v1/policies/replay` body. */
export const PolicyReplayBody = z
  .strictObject({
    policies: z
      .array(CreatePolicyBody)
      .describe("The draft set, as policy create bodies (at most 100): it stands in for the workspace's active policies. Nothing is stored."),
    since: z.iso.datetime({ offset: true }).optional().describe("Replay checkpoints created at or after this time; default: 7 days before until."),
    until: z.iso.datetime({ offset: true }).optional().describe("Replay checkpoints created before this time; default: now."),
  })
  .meta({ id: "PolicyReplayRequest" });
export type PolicyReplayBody = z.infer<typeof PolicyReplayBody>;

/** `POST /v1/policies/replay` answer. */
export const PolicyReplayResponse = z
  .object({
    since: Timestamp,
    until: Timestamp,
    evaluated: z.number().int().describe("Checkpoints evaluated against the drafts: changed + unchanged."),
    changed: z.number().int().describe("Checkpoints whose immediate outcome the drafts would change."),
    unchanged: z.number().int(),
    skipped_pinned: z
      .number()
      .int()
      .describe("Checkpoints not evaluated because they named policy_ids: the drafts are not those policies."),
    needs_scan: z
      .number()
      .int()
      .describe(
        "Evaluated checkpoints the drafts ask to have content-scanned (an applicable draft has a scan gate). A replay runs no scan, so their `to` is the policies' outcome before the gate; a scan could only make it stricter (blocked, or pending for review instead of approved).",
      ),
    by_transition: z
      .array(
        z.object({
          from: ImmediateOutcome.describe("The outcome the checkpoint was given when it was created."),
          to: ImmediateOutcome.describe("The outcome the drafts give it, before any content scan (see needs_scan)."),
          count: z.number().int(),
          examples: z.array(z.string()).describe("IDs of the oldest such checkpoints, at most 5."),
        }),
      )
      .describe("Changed outcomes by status pair, most frequent first."),
    truncated: z.boolean().describe("The range held more checkpoints than one replay reads (100,000)."),
    resume_since: Timestamp.nullable().describe("When truncated: pass as since to replay the rest."),
  })
  .meta({ id: "PolicyReplay" });
export type PolicyReplayResponse = z.infer<typeof PolicyReplayResponse>;
