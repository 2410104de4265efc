import { create } from "@bufbuild/protobuf";
import { ListWebhooksResponseSchema, type ListWebhooksRequest, type ListWebhooksResponse } from "../../../gen/gatehouse/govern/v1/govern_pb.js";
import { workspaceOf } from "../../../lib/rpc/caller.js";
import type { GovernDeps } from "./govern-deps.js";
import { webhookToProto } from "./webhook-to-proto.js";

/** `ListWebhooks`: the caller's workspace's endpoints, oldest first, disabled ones with their reason; never a secret. */
export function listWebhooks(deps: GovernDeps) {
  return async (req: ListWebhooksRequest): Promise<ListWebhooksResponse> => {
    const endpoints = await deps.webhooks.listEndpoints(workspaceOf(req.caller));
    return create(ListWebhooksResponseSchema, { webhooks: endpoints.map(webhookToProto) });
  };
}
