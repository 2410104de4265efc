import { create } from "@bufbuild/protobuf";
import { timestampFromMs } from "@bufbuild/protobuf/wkt";
import {
  WebhookDeliverySchema,
  WebhookDeliveryStatusSchema,
  WebhookEndpointSchema,
  type WebhookDelivery as WebhookDeliveryMessage,
  type WebhookEndpoint as WebhookEndpointMessage,
} from "../../../gen/gatehouse/govern/v1/govern_pb.js";
import type { WebhookDelivery } from "../domain/webhook-delivery.js";
import type { WebhookEndpoint } from "../domain/webhook-endpoint.js";
import { toProtoEnum } from "./proto-enum.js";

/** The protobuf form of an endpoint: never its secret. */
export function webhookToProto(e: WebhookEndpoint): WebhookEndpointMessage {
  return create(WebhookEndpointSchema, {
    id: e.id,
    workspaceId: e.workspaceId,
    url: e.url,
    events: e.events,
    description: e.description ?? undefined,
    createdAt: timestampFromMs(e.createdAt),
    disabledAt: e.disabledAt === null ? undefined : timestampFromMs(e.disabledAt),
    disabledReason: e.disabledReason ?? undefined,
  });
}

/** The protobuf form of a delivery: its state, not its body. */
export function webhookDeliveryToProto(d: WebhookDelivery): WebhookDeliveryMessage {
  return create(WebhookDeliverySchema, {
    id: d.id,
    webhookId: d.endpointId,
    eventId: d.eventId,
    eventType: d.eventType,
    checkpointId: d.checkpointId,
    status: toProtoEnum(WebhookDeliveryStatusSchema, d.status),
    attempts: d.attempts,
    createdAt: timestampFromMs(d.createdAt),
    nextAttemptAt: d.nextAttemptAt === null ? undefined : timestampFromMs(d.nextAttemptAt),
    lastAttemptAt: d.lastAttemptAt === null ? undefined : timestampFromMs(d.lastAttemptAt),
    lastResponseStatus: d.lastResponseStatus ?? undefined,
    lastError: d.lastError ?? undefined,
  });
}
