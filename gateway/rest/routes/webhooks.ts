import { route } from "../route.js";
import { IdParams } from "../schemas/common.js";
import { CreatedWebhookResponse, CreateWebhookBody, ListDeliveriesQuery, WebhookDeliveryListResponse, WebhookListResponse } from "../schemas/webhook.js";
import { webhookDeliveryView, webhookView } from "../views/webhook.js";
import type { RouteDeps } from "./deps.js";

/** `/v1/webhooks`: endpoints that receive the workspace's checkpoint events, signed per Standard Webhooks. */
export function webhookRoutes({ clients }: RouteDeps) {
  return [
    route({
      method: "POST",
      url: "/v1/webhooks",
      operationId: "createWebhook",
      summary: "Register a webhook endpoint for checkpoint events; its signing secret is returned once",
      tags: ["webhooks"],
      scope: "govern:webhooks:write",
      body: CreateWebhookBody,
      status: 201,
      response: CreatedWebhookResponse,
      async handler({ caller, body }) {
        const res = await clients.govern.createWebhook({ caller, url: body.url, events: body.events, description: body.description });
        return { webhook: webhookView(res.webhook!), secret: res.secret };
      },
    }),
    route({
      method: "GET",
      url: "/v1/webhooks",
      operationId: "listWebhooks",
      summary: "The workspace's webhook endpoints (never their secrets), disabled ones with the reason",
      tags: ["webhooks"],
      scope: "govern:webhooks:read",
      status: 200,
      response: WebhookListResponse,
      async handler({ caller }) {
        const res = await clients.govern.listWebhooks({ caller });
        return { webhooks: res.webhooks.map(webhookView) };
      },
    }),
    route({
      method: "DELETE",
      url: "/v1/webhooks/:id",
      operationId: "deleteWebhook",
      summary: "Delete a webhook endpoint; its deliveries stop",
      tags: ["webhooks"],
      scope: "govern:webhooks:write",
      params: IdParams,
      status: 204,
      async handler({ caller, params }) {
        await clients.govern.deleteWebhook({ caller, id: params.id });
        return undefined;
      },
    }),
    route({
      method: "GET",
      url: "/v1/webhooks/:id/deliveries",
      operationId: "listWebhookDeliveries",
      summary: "An endpoint's deliveries, newest first, cursor-paged: status, attempts, next attempt, last response",
      tags: ["webhooks"],
      scope: "govern:webhooks:read",
      params: IdParams,
      query: ListDeliveriesQuery,
      status: 200,
      response: WebhookDeliveryListResponse,
      async handler({ caller, params, query }) {
        const res = await clients.govern.listWebhookDeliveries({ caller, id: params.id, limit: query.limit ?? 0, cursor: query.cursor ?? "" });
        return { deliveries: res.deliveries.map(webhookDeliveryView), next_cursor: res.nextCursor || null };
      },
    }),
  ];
}
