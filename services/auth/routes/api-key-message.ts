import { create } from "@bufbuild/protobuf";
import { timestampFromMs } from "@bufbuild/protobuf/wkt";
import { ApiKeySchema, type ApiKey } from "../../../gen/gatehouse/auth/v1/auth_pb.js";
import type { ApiKeyRecord } from "../domain/api-key.js";

/** The wire form of a key: never its secret or hash, only the prefix. */
export function apiKeyMessage(key: ApiKeyRecord): ApiKey {
  return create(ApiKeySchema, {
    id: key.id,
    workspaceId: key.workspaceId,
    name: key.name,
    scopes: key.scopes,
    allowedIps: key.allowedIps,
    subject: key.subject,
    secretPrefix: key.secretPrefix,
    createdAt: timestampFromMs(key.createdAt),
    revokedAt: key.revokedAt === null ? undefined : timestampFromMs(key.revokedAt),
  });
}
