import { create } from "@bufbuild/protobuf";
import {
  ListWebhookDeliveriesResponseSchema,
  type ListWebhookDeliveriesRequest,
  type ListWebhookDeliveriesResponse,
} from "../../../gen/gatehouse/govern/v1/govern_pb.js";
import { NotFoundError, ValidationError } from "../../../lib/errors.js";
import { workspaceOf } from "../../../lib/rpc/caller.js";
import { decodeDeliveryCursor, encodeDeliveryCursor } from "../domain/delivery-cursor.js";
import { LIMITS } from "../domain/limits.js";
import type { GovernDeps } from "./govern-deps.js";
import { webhookDeliveryToProto } from "./webhook-to-proto.js";

/**
 * `ListWebhookDeliveries`: the deliveries of an endpoint of the caller's
 * workspace (any other ID is NotFound), newest event first; `limit` 1..100,
 * 0 meaning 50; `cursor` is the previous page's `next_cursor`, empty on the
 * last page. Deliveries are kept 3 days.
 */
export function listWebhookDeliveries(deps: GovernDeps) {
  return async (req: ListWebhookDeliveriesRequest): Promise<ListWebhookDeliveriesResponse> => {
    const workspaceId = workspaceOf(req.caller);
    const limit = req.limit === 0 ? LIMITS.defaultPageSize : req.limit;
    if (!Number.isInteger(limit) || limit < 1 || limit > LIMITS.maxPageSize) {
      throw new ValidationError("limit", `must be an integer from 1 to ${LIMITS.maxPageSize}`);
    }
    const beforeEventId = req.cursor === "" ? undefined : decodeDeliveryCursor(req.cursor);
    if (!(await deps.webhooks.getEndpoint(workspaceId, req.id))) throw new NotFoundError("webhook", req.id);
    // One extra row tells whether another page follows.
    const rows = await deps.webhooks.listDeliveries(req.id, { limit: limit + 1, beforeEventId });
    const page = rows.slice(0, limit);
    return create(ListWebhookDeliveriesResponseSchema, {
      deliveries: page.map(webhookDeliveryToProto),
      nextCursor: rows.length > limit ? encodeDeliveryCursor(page[page.length - 1]!.eventId) : "",
    });
  };
}
