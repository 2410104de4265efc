import type { AuditActor, AuditEntry } from "../../../lib/audit/audit-event.js";
import type { ApiKeyRecord } from "./api-key.js";

/** How a key came to be, as its audit event says. */
export type KeyOrigin = "api" | "GATEHOUSE_BOOTSTRAP_KEY" | "generated";

/**
 * The audit entry of a new key: its name, subject, scopes and allowed IPs,
 * never its secret (nor the secret's hash). A key made at start is a
 * `bootstrap` event by Gatehouse itself.
 */
export function keyCreatedEntry(key: ApiKeyRecord, actor: AuditActor, origin: KeyOrigin): AuditEntry {
  return {
    type: origin === "api" ? "key.created" : "bootstrap",
    at: key.createdAt,
    actor,
    resource: { type: "key", id: key.id },
    data: {
      workspace_id: key.workspaceId,
      name: key.name,
      subject: key.subject,
      scopes: [...key.scopes],
      allowed_ips: [...key.allowedIps],
      ...(origin === "api" ? {} : { source: origin }),
    },
  };
}

/** The audit entry of a revocation. */
export function keyRevokedEntry(key: ApiKeyRecord, actor: AuditActor, at: number): AuditEntry {
  return { type: "key.revoked", at, actor, resource: { type: "key", id: key.id }, data: { name: key.name, subject: key.subject } };
}

/** The audit entry of scopes granted to the bootstrap key at start (scopes added to Gatehouse since it was made). */
export function keyScopesGrantedEntry(keyId: string, added: readonly string[], actor: AuditActor, at: number): AuditEntry {
  return { type: "key.scopes_granted", at, actor, resource: { type: "key", id: keyId }, data: { added: [...added] } };
}

/** The audit entry of a new workspace (recorded in that workspace's chain). */
export function workspaceCreatedEntry(workspace: { id: string; name: string; createdAt: number }, actor: AuditActor): AuditEntry {
  return { type: "workspace.created", at: workspace.createdAt, actor, resource: { type: "workspace", id: workspace.id }, data: { name: workspace.name } };
}

/** What a signing-key rotation changed. */
export interface SigningKeyRotation {
  kid: string;
  generation: number;
  retiredKid: string | null;
  source: "GATEHOUSE_SIGNING_KEY" | "generated";
  at: number;
}


/** The audit entry of a signing-key rotation: key IDs (RFC 7638 thumbprints) only, never key material. */
export function signingKeyRotatedEntry(rotation: SigningKeyRotation, actor: AuditActor): AuditEntry {
  return {
    type: "signing_key.rotated",
    at: rotation.at,
    actor,
    resource: { type: "signing_key", id: rotation.kid },
    data: { generation: rotation.generation, retired_kid: rotation.retiredKid, source: rotation.source },
  };
}
