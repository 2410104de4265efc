import { create } from "@bufbuild/protobuf";
import { ListKeysResponseSchema, type ListKeysRequest, type ListKeysResponse } from "../../../gen/gatehouse/auth/v1/auth_pb.js";
import { requireScope } from "../domain/scope-check.js";
import { apiKeyMessage } from "./api-key-message.js";
import type { AuthDeps } from "./auth-deps.js";
import { requireCaller } from "../../../lib/rpc/caller.js";

/** ListKeys: every key of the caller's workspace, newest first, without secrets (needs admin:keys:read). */
export async function listKeys(deps: AuthDeps, req: ListKeysRequest): Promise<ListKeysResponse> {
  const caller = requireCaller(req.caller);
  requireScope(caller.scopes, "admin:keys:read");
  const keys = await deps.keys.list(caller.workspaceId);
  return create(ListKeysResponseSchema, { keys: keys.map(apiKeyMessage) });
}
