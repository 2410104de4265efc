import { create } from "@bufbuild/protobuf";
import { CreateKeyResponseSchema, type CreateKeyRequest, type CreateKeyResponse } from "../../../gen/gatehouse/auth/v1/auth_pb.js";
import { NotFoundError, ValidationError } from "../../../lib/errors.js";
import { newId } from "../../../lib/ids.js";
import type { ApiKeyRecord } from "../domain/api-key.js";
import { keyActor } from "../../../lib/audit/audit-event.js";
import { keyCreatedEntry } from "../domain/audit-entries.js";
import { generateKeySecret, hashKeySecret, secretPrefix } from "../domain/key-secret.js";
import { validateNewKey } from "../domain/new-key-spec.js";
import { requireScope } from "../domain/scope-check.js";
import { apiKeyMessage } from "./api-key-message.js";
import type { AuthDeps } from "./auth-deps.js";
import { requireCaller } from "../../../lib/rpc/caller.js";

/**
 * CreateKey: mints a key in the caller's workspace, or in `workspace_id` when
 * the caller holds admin:workspaces:write (403 naming it otherwise; 404 when
 * that workspace does not exist). The caller needs admin:keys:write and can
 * only grant scopes it holds itself (403 naming the first one it lacks).
 * Field errors name `name`, `scopes[i]`, `allowed_ips[i]`, `subject`. The
 * secret is in the response only; the store keeps its SHA-256. The new key
 * is recorded in the audit trail of its workspace.
 */
export async function createKey(deps: AuthDeps, req: CreateKeyRequest): Promise<CreateKeyResponse> {
  const caller = requireCaller(req.caller);
  requireScope(caller.scopes, "admin:keys:write");
  let workspaceId = caller.workspaceId;
  if (req.workspaceId !== undefined) {
    const wanted = req.workspaceId.trim();
    if (wanted === "") throw new ValidationError("workspace_id", "must not be empty");
    if (wanted !== caller.workspaceId) {
      requireScope(caller.scopes, "admin:workspaces:write");
      workspaceId = wanted;
    }
  }
  const spec = validateNewKey(
    { name: req.name, scopes: req.scopes, allowedIps: req.allowedIps, subject: req.subject },
    caller.scopes,
  );
  if (workspaceId !== caller.workspaceId && !(await deps.workspaces.get(workspaceId))) {
    throw new NotFoundError("workspace", workspaceId);
  }
  const now = deps.clock.now();
  const secret = generateKeySecret();
  const key: ApiKeyRecord = {
    id: newId("key", now),
    workspaceId,
    ...spec,
    secretPrefix: secretPrefix(secret),
    secretHash: hashKeySecret(secret),
    createdAt: now,
    revokedAt: null,
  };
  // 256 random bits and a time-ordered ID: a duplicate means a broken RNG, not bad luck.
  if ((await deps.keys.insert(key)) !== "inserted") throw new Error("key id or secret collision");
  await deps.audit.append(workspaceId, keyCreatedEntry(key, keyActor(caller), "api"));
  return create(CreateKeyResponseSchema, { key: apiKeyMessage(key), secret });
}
