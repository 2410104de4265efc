import { create } from "@bufbuild/protobuf";
import { DeleteWebhookResponseSchema, type DeleteWebhookRequest, type DeleteWebhookResponse } from "../../../gen/gatehouse/govern/v1/govern_pb.js";
import { keyActor } from "../../../lib/audit/audit-event.js";
import { NotFoundError } from "../../../lib/errors.js";
import { workspaceOf } from "../../../lib/rpc/caller.js";
import { webhookDeletedEntry } from "../domain/audit-entries.js";
import type { GovernDeps } from "./govern-deps.js";

/**
 * `DeleteWebhook`: removes an endpoint of the caller's workspace and its
 * deliveries (none is sent after), recorded in the audit trail; any other ID
 * is NotFound.
 */
export function deleteWebhook(deps: GovernDeps) {
  return async (req: DeleteWebhookRequest): Promise<DeleteWebhookResponse> => {
    const workspaceId = workspaceOf(req.caller);
    if (!(await deps.webhooks.deleteEndpoint(workspaceId, req.id))) throw new NotFoundError("webhook", req.id);
    await deps.audit.append(workspaceId, webhookDeletedEntry(req.id, keyActor(req.caller!), deps.clock.now()));
    return create(DeleteWebhookResponseSchema, {});
  };
}
