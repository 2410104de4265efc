import { z } from "zod";
import { AutonomyLevel, CheckpointDecision } from "./checkpoint.js";

/** `GET /v1/checkpoints/{id}/review`: what a reviewer reads, masked for display. */
export const CheckpointReview = z
  .object({
    checkpoint: CheckpointDecision,
    revision: z.number().int().describe("Record revision, bumped by every vote and transition."),
    autonomy_level: AutonomyLevel.nullable(),
    context: z.string().nullable().describe("Free text for reviewers, masked."),
    reasoning: z.string().nullable().describe("The agent's reasoning, masked."),
    payload: z.record(z.string(), z.unknown()).nullable().describe("The payload with every value the workspace's rules find replaced by a placeholder (<CREDIT_CARD_1>)."),
    masked_text: z
      .string()
      .nullable()
      .describe("Set (and context, reasoning and payload null) when the masked fields could not be read back as JSON: the masked document as text."),
    redactions: z
      .array(
        z.object({
          rule_id: z.string(),
          rule_name: z.string(),
          kind: z.string(),
          label: z.string(),
          excerpt: z.string().describe("Masked excerpt of what was found; never the value whole."),
        }),
      )
      .describe("What the workspace's rules found (and masked) in context, reasoning and payload."),
    viewer: z.object({
      subject: z.string().describe("Reviewer identity of the calling key."),
      can_vote: z.boolean().describe("False when a vote by this key would certainly be refused; true does not promise the key is in a reviewer pool."),
      cannot_vote_reason: z.string().nullable(),
    }),
  })
  .meta({ id: "CheckpointReview" });
export type CheckpointReview = z.infer<typeof CheckpointReview>;
