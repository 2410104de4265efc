import { sha256 } from "../../../lib/sha256.js";
import type { CheckpointEventType } from "./checkpoint-event.js";

/** Where a delivery stands: waiting for an attempt, accepted by the endpoint, or given up. */
export type WebhookDeliveryStatus = "pending" | "delivered" | "failed";

/**
 * One checkpoint event to send to one endpoint: the durable outbox entry.
 * `id` is the Standard Webhooks message id (the `webhook-id` header), the
 * same on every attempt. `body` is the JSON sent, fixed at enqueue. While
 * pending, `nextAttemptAt` is when it is due (pushed forward while an attempt
 * is in flight, so a replica that dies mid-attempt leaves it due again);
 * once final it is null. The store forgets it after `expiresAt`.
 */
export interface WebhookDelivery {
  id: string;
  endpointId: string;
  workspaceId: string;
  eventId: string;
  eventType: CheckpointEventType;
  checkpointId: string;
  body: string;
  createdAt: number;
  status: WebhookDeliveryStatus;
  attempts: number;
  nextAttemptAt: number | null;
  lastAttemptAt: number | null;
  lastResponseStatus: number | null;
  lastError: string | null;
  expiresAt: number;
}

/** How long a delivery is listed after it was enqueued: 3 days, past its last retry (about 28 hours). */
export const DELIVERY_RETENTION_MS = 3 * 24 * 3_600_000;

/**
 * The id of the delivery of event `eventId` to endpoint `endpointId`:
 * `msg_` + 32 hex digits of a SHA-256 of both. The same pair always gives the
 * same id, which makes enqueueing idempotent (a second enqueue of the pair
 * finds it taken) without a transaction.
 */
export function deliveryId(endpointId: string, eventId: string): string {
  return "msg_" + sha256(`${endpointId}\n${eventId}`, "hex").slice(0, 32);
}

/** What an attempt ended with, as `recordAttempt` stores it. */
export interface AttemptOutcome {
  status: WebhookDeliveryStatus;
  /** When: the attempt's start. */
  at: number;
  /** The next attempt's time while still pending, else null. */
  nextAttemptAt: number | null;
  responseStatus: number | null;
  error: string | null;
}
