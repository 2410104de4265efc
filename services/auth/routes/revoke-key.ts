import { create } from "@bufbuild/protobuf";
import { RevokeKeyResponseSchema, type RevokeKeyRequest, type RevokeKeyResponse } from "../../../gen/gatehouse/auth/v1/auth_pb.js";
import { keyActor } from "../../../lib/audit/audit-event.js";
import { NotFoundError } from "../../../lib/errors.js";
import { keyRevokedEntry } from "../domain/audit-entries.js";
import { requireScope } from "../domain/scope-check.js";
import { apiKeyMessage } from "./api-key-message.js";
import type { AuthDeps } from "./auth-deps.js";
import { requireCaller } from "../../../lib/rpc/caller.js";

/**
 * RevokeKey: revokes key `id` of the caller's workspace at once (needs
 * admin:keys:write). Revoking a revoked key returns it unchanged; a key of
 * another workspace is not found (404). A revocation (not its repetition)
 * is recorded in the audit trail.
 */
export async function revokeKey(deps: AuthDeps, req: RevokeKeyRequest): Promise<RevokeKeyResponse> {
  const caller = requireCaller(req.caller);
  requireScope(caller.scopes, "admin:keys:write");
  const now = deps.clock.now();
  // Read first: only the call that finds the key live records its revocation.
  const before = req.id === "" ? null : await deps.keys.get(caller.workspaceId, req.id);
  const key = before && (await deps.keys.revoke(caller.workspaceId, req.id, now));
  if (!key) throw new NotFoundError("key", req.id);
  if (before!.revokedAt === null) await deps.audit.append(caller.workspaceId, keyRevokedEntry(key, keyActor(caller), now));
  return create(RevokeKeyResponseSchema, { key: apiKeyMessage(key) });
}
