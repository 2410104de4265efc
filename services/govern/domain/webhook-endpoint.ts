import type { CheckpointEventType } from "./checkpoint-event.js";

/**
 * An endpoint that receives a workspace's checkpoint events. `secret` is its
 * signing secret (`whsec_…`) as stored — sealed when an encryption key is
 * set (see `WebhookSecrets`) — shown to its creator once and otherwise only
 * used to sign. An endpoint is enabled until the dispatcher disables it for
 * failing (`disabledAt`, `disabledReason`); `lastSuccessAt` is when it last
 * accepted a delivery (kept to the minute), which the disable rule reads.
 */
export interface WebhookEndpoint {
  id: string;
  workspaceId: string;
  url: string;
  events: CheckpointEventType[];
  description: string | null;
  secret: string;
  createdAt: number;
  disabledAt: number | null;
  disabledReason: string | null;
  lastSuccessAt: number | null;
}

/** Most endpoints one workspace may hold: each event is sent to every one of them. */
export const MAX_ENDPOINTS_PER_WORKSPACE = 20;

/** Whether `endpoint` receives `event`: enabled, subscribed to its kind, and created before it was made. */
export function endpointWants(endpoint: WebhookEndpoint, event: { type: CheckpointEventType; at: number }): boolean {
  return endpoint.disabledAt === null && endpoint.events.includes(event.type) && event.at >= endpoint.createdAt;
}
