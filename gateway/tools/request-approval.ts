import { z } from "zod";
import { CheckpointDecision, CreateCheckpointBody } from "../rest/schemas/checkpoint.js";
import { defineTool } from "./tool-definition.js";

/** `request_approval`: `POST /v1/checkpoints`; `idempotency_key` becomes the `Idempotency-Key` header. */
export const requestApproval = defineTool({
  name: "request_approval",
  title: "Ask for approval before acting",
  description:
    "Ask for approval before you perform a sensitive action. action (required) names it, e.g. payments.send; " +
    "payload holds its exact details, which the decision is bound to; context and reasoning help the human reviewer. " +
    "The workspace's policies decide at once (approved, rejected or blocked) or a reviewer decides (status pending). " +
    "Act only when status is approved, after verifying decision_token (a signed JWT); on any other final status " +
    "(rejected, blocked, expired, cancelled) do not act. While status is pending, call get_approval_status with the " +
    "checkpoint_id. Send idempotency_key (a UUID) to make a retry safe: the same key with the same arguments returns " +
    "the same checkpoint instead of creating another. Backed by POST /v1/checkpoints; needs the scope " +
    "govern:checkpoints:write.",
  inputSchema: CreateCheckpointBody.extend({
    idempotency_key: z
      .string()
      .min(1)
      .max(255)
      .optional()
      .describe("Unique string (UUID recommended); a retry with the same key and arguments returns the first answer."),
  }),
  outputSchema: CheckpointDecision,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  operationId: "createCheckpoint",
  toRoute: ({ idempotency_key, ...body }) => ({
    body,
    ...(idempotency_key === undefined ? {} : { headers: { "idempotency-key": idempotency_key } }),
  }),
});
