import { create } from "@bufbuild/protobuf";
import { RevokeKeyResponseSchema, type RevokeKeyRequest, type RevokeKeyResponse } from "../../../gen/gatehouse/auth/v1/auth_pb.js";
import { NotFoundError } from "../../../lib/errors.js";
import { requireScope } from "../domain/scope-check.js";
import { apiKeyMessage } from "./api-key-message.js";
import type { AuthDeps } from "./auth-deps.js";
import { requireCaller } from "../../../lib/rpc/caller.js";

/**
 * RevokeKey: revokes key `id` of the caller's workspace at once (needs
 * admin:keys:write). Revoking a revoked key returns it unchanged; a key of
 * another workspace is not found (404).
 */
export async function revokeKey(deps: AuthDeps, req: RevokeKeyRequest): Promise<RevokeKeyResponse> {
  const caller = requireCaller(req.caller);
  requireScope(caller.scopes, "admin:keys:write");
  const key = req.id === "" ? null : await deps.keys.revoke(caller.workspaceId, req.id, deps.clock.now());
  if (!key) throw new NotFoundError("key", req.id);
  return create(RevokeKeyResponseSchema, { key: apiKeyMessage(key) });
}
