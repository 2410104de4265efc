import type { ApiKey, Workspace } from "../../../gen/gatehouse/auth/v1/auth_pb.js";
import type { KeyObject } from "../schemas/key.js";
import { iso, isoOrNull } from "./time.js";

/** The REST view of an API key; it never includes the secret or its hash. */
export function keyView(k: ApiKey): KeyObject {
  return {
    id: k.id,
    workspace_id: k.workspaceId,
    name: k.name,
    scopes: k.scopes,
    allowed_ips: k.allowedIps,
    subject: k.subject,
    secret_prefix: k.secretPrefix,
    created_at: iso(k.createdAt),
    revoked_at: isoOrNull(k.revokedAt),
  };
}

/** The REST view of a workspace. */
export function workspaceView(w: Workspace) {
  return { id: w.id, name: w.name, created_at: iso(w.createdAt) };
}
