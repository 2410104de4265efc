import { z } from "zod";
import { WebhookDeliveryStatusSchema } from "../../../gen/gatehouse/govern/v1/govern_pb.js";
import { enumOf, Timestamp } from "./common.js";

/** The checkpoint event kinds a webhook can receive: the event stream's. */
export const WebhookEventType = z.enum(["checkpoint.created", "checkpoint.voted", "checkpoint.decided", "checkpoint.expired", "checkpoint.cancelled"]);

/** `POST /v1/webhooks` body. */
export const CreateWebhookBody = z
  .strictObject({
    url: z
      .string()
      .describe(
        "Where deliveries are POSTed: an https: URL whose host resolves to public addresses only (http: and private addresses only when the operator sets GATEHOUSE_WEBHOOK_ALLOW_PRIVATE); no user name or password.",
      ),
    events: z.array(WebhookEventType).describe("The event kinds to receive, one or more."),
    description: z.string().optional().describe("A note for people, at most 500 characters."),
  })
  .meta({ id: "CreateWebhookBody" });
export type CreateWebhookBody = z.infer<typeof CreateWebhookBody>;

/** A webhook endpoint as listed (never its secret). */
export const WebhookObject = z
  .object({
    id: z.string(),
    url: z.string(),
    events: z.array(z.string()),
    description: z.string().nullable(),
    status: z.enum(["enabled", "disabled"]).describe("Disabled when every delivery failed for the whole retry schedule; create a new endpoint to resume."),
    disabled_reason: z.string().nullable(),
    disabled_at: Timestamp.nullable(),
    created_at: Timestamp,
  })
  .meta({ id: "Webhook" });
export type WebhookObject = z.infer<typeof WebhookObject>;

export const CreatedWebhookResponse = z.object({
  webhook: WebhookObject,
  secret: z.string().describe("The signing secret, whsec_ + base64: shown once, never again."),
});
export const WebhookListResponse = z.object({ webhooks: z.array(WebhookObject) });

/** One event sent (or to be sent) to an endpoint. */
export const WebhookDeliveryObject = z
  .object({
    id: z.string().describe("The message id: the webhook-id header, the same on every attempt."),
    event_id: z.string(),
    event_type: z.string(),
    checkpoint_id: z.string(),
    status: enumOf(WebhookDeliveryStatusSchema),
    attempts: z.number().int(),
    created_at: Timestamp,
    next_attempt_at: Timestamp.nullable(),
    last_attempt_at: Timestamp.nullable(),
    last_response_status: z.number().int().nullable(),
    last_error: z.string().nullable(),
  })
  .meta({ id: "WebhookDelivery" });
export type WebhookDeliveryObject = z.infer<typeof WebhookDeliveryObject>;

export const ListDeliveriesQuery = z.strictObject({
  limit: z.coerce.number().int().min(1).max(100).optional(),
  cursor: z.string().max(500).optional(),
});
export const WebhookDeliveryListResponse = z.object({
  deliveries: z.array(WebhookDeliveryObject),
  next_cursor: z.string().nullable(),
});
