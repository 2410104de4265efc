import { create } from "@bufbuild/protobuf";
import { CreateWebhookResponseSchema, type CreateWebhookRequest, type CreateWebhookResponse } from "../../../gen/gatehouse/govern/v1/govern_pb.js";
import { keyActor } from "../../../lib/audit/audit-event.js";
import { ValidationError } from "../../../lib/errors.js";
import { newId } from "../../../lib/ids.js";
import { workspaceOf } from "../../../lib/rpc/caller.js";
import { checkWebhookTarget } from "../app/check-webhook-target.js";
import { webhookCreatedEntry } from "../domain/audit-entries.js";
import { MAX_ENDPOINTS_PER_WORKSPACE, type WebhookEndpoint } from "../domain/webhook-endpoint.js";
import { validateWebhookInput } from "../domain/webhook-input.js";
import { newWebhookSecret } from "../domain/webhook-signature.js";
import type { GovernDeps } from "./govern-deps.js";
import { webhookToProto } from "./webhook-to-proto.js";

/**
 * `CreateWebhook`: registers an endpoint in the caller's workspace (see
 * `validateWebhookInput` and `checkWebhookTarget` for what is refused, and
 * at most `MAX_ENDPOINTS_PER_WORKSPACE`) and answers it with its new signing
 * secret, which is never shown again (and is stored sealed when an encryption
 * key is set). It receives the events made from now
 * on. The audit trail records it (without its secret). The REST answer is 201.
 */
export function createWebhook(deps: GovernDeps) {
  return async (req: CreateWebhookRequest): Promise<CreateWebhookResponse> => {
    const workspaceId = workspaceOf(req.caller);
    const input = validateWebhookInput({ url: req.url, events: req.events, description: req.description }, deps.webhookAllowPrivate);
    if ((await deps.webhooks.listEndpoints(workspaceId)).length >= MAX_ENDPOINTS_PER_WORKSPACE) {
      throw new ValidationError("url", `the workspace already has ${MAX_ENDPOINTS_PER_WORKSPACE} webhook endpoints: delete one first`);
    }
    await checkWebhookTarget(input.host, deps.webhookAllowPrivate);
    const now = deps.clock.now();
    const id = newId("wh", now);
    const secret = newWebhookSecret();
    const endpoint: WebhookEndpoint = {
      id,
      workspaceId,
      url: input.url,
      events: input.events,
      description: input.description,
      secret: deps.webhookSecrets.toStored(secret, id),
      createdAt: now,
      disabledAt: null,
      disabledReason: null,
      lastSuccessAt: null,
    };
    await deps.webhooks.insertEndpoint(endpoint);
    await deps.audit.append(workspaceId, webhookCreatedEntry(endpoint, keyActor(req.caller!)));
    return create(CreateWebhookResponseSchema, { webhook: webhookToProto(endpoint), secret });
  };
}
