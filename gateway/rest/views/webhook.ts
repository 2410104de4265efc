import {
  WebhookDeliveryStatusSchema,
  type WebhookDelivery,
  type WebhookEndpoint,
} from "../../../gen/gatehouse/govern/v1/govern_pb.js";
import { wireName } from "../../../lib/enum-wire.js";
import type { WebhookDeliveryObject, WebhookObject } from "../schemas/webhook.js";
import { iso, isoOrNull } from "./time.js";

/** The REST form of a webhook endpoint. */
export function webhookView(w: WebhookEndpoint): WebhookObject {
  return {
    id: w.id,
    url: w.url,
    events: w.events,
    description: w.description ?? null,
    status: w.disabledAt ? "disabled" : "enabled",
    disabled_reason: w.disabledReason ?? null,
    disabled_at: isoOrNull(w.disabledAt),
    created_at: iso(w.createdAt),
  };
}

/** The REST form of a webhook delivery. */
export function webhookDeliveryView(d: WebhookDelivery): WebhookDeliveryObject {
  return {
    id: d.id,
    event_id: d.eventId,
    event_type: d.eventType,
    checkpoint_id: d.checkpointId,
    status: wireName(WebhookDeliveryStatusSchema, d.status)!,
    attempts: d.attempts,
    created_at: iso(d.createdAt),
    next_attempt_at: isoOrNull(d.nextAttemptAt),
    last_attempt_at: isoOrNull(d.lastAttemptAt),
    last_response_status: d.lastResponseStatus ?? null,
    last_error: d.lastError ?? null,
  };
}
