import { create } from "@bufbuild/protobuf";
import { DeleteWebhookResponseSchema, type DeleteWebhookRequest, type DeleteWebhookResponse } from "../../../gen/gatehouse/govern/v1/govern_pb.js";
import { NotFoundError } from "../../../lib/errors.js";
import { workspaceOf } from "../../../lib/rpc/caller.js";
import type { GovernDeps } from "./govern-deps.js";

/** `DeleteWebhook`: removes an endpoint of the caller's workspace and its deliveries (none is sent after); any other ID is NotFound. */
export function deleteWebhook(deps: GovernDeps) {
  return async (req: DeleteWebhookRequest): Promise<DeleteWebhookResponse> => {
    if (!(await deps.webhooks.deleteEndpoint(workspaceOf(req.caller), req.id))) throw new NotFoundError("webhook", req.id);
    return create(DeleteWebhookResponseSchema, {});
  };
}
