import { z } from "zod";
import { CheckpointDecision } from "../rest/schemas/checkpoint.js";
import { IdParams } from "../rest/schemas/common.js";
import { defineTool } from "./tool-definition.js";

/** Default hold of `get_approval_status` (spec "Limits": tool long-poll hold). */
export const DEFAULT_TOOL_WAIT_SECONDS = 20;

/** `get_approval_status`: the long-poll `GET /v1/checkpoints/{id}/wait?timeout=<wait_seconds>`. */
export const getApprovalStatus = defineTool({
  name: "get_approval_status",
  title: "Wait for an approval decision",
  description:
    "Get the decision on a checkpoint created by request_approval, waiting for it: holds up to wait_seconds " +
    "(1 to 55, default 20) and returns as soon as the state changes, at once if it is already final. It returns the " +
    "current state either way, so repeat the call while status is pending. approved means act, after verifying " +
    "decision_token; rejected, blocked, expired and cancelled mean do not act. While it holds it sends progress " +
    "notifications if the request carries a progressToken. Backed by GET /v1/checkpoints/{id}/wait; needs the scope " +
    "govern:checkpoints:read.",
  inputSchema: z.strictObject({
    checkpoint_id: IdParams.shape.id.describe("checkpoint_id returned by request_approval."),
    wait_seconds: z
      .number()
      .int()
      .min(1)
      .max(55)
      .default(DEFAULT_TOOL_WAIT_SECONDS)
      .describe("Longest time to hold for a change, in seconds (1 to 55, default 20)."),
  }),
  outputSchema: CheckpointDecision,
  annotations: { readOnlyHint: true, openWorldHint: true },
  operationId: "waitCheckpoint",
  toRoute: ({ checkpoint_id, wait_seconds }) => ({ params: { id: checkpoint_id }, query: { timeout: String(wait_seconds) } }),
  holdSeconds: ({ wait_seconds }) => wait_seconds,
});
