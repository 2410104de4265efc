/** Who did something: the API key and its subject, or Gatehouse itself (`key_id` null). */
export interface AuditActor {
  key_id: string | null;
  subject: string;
}

/** What an event is about: a kind of resource and its ID. */
export interface AuditResource {
  type: string;
  id: string;
}

/** A JSON value, as an event's `data` holds it. */
export type AuditJson = string | number | boolean | null | AuditJson[] | { [key: string]: AuditJson };

/**
 * One link of a workspace's audit chain, exactly as it is exported and
 * hashed: `seq` counts from 1 without gaps, `at` is an ISO 8601 time in UTC
 * with milliseconds, `data` is a compact change record (never a secret or a
 * raw payload: those appear as their SHA-256), `prev_hash` is the `hash` of
 * event `seq - 1` (64 zeros for the first), `hash` is `auditEventHash` of the
 * rest.
 */
export interface AuditEvent {
  seq: number;
  type: string;
  at: string;
  actor: AuditActor;
  resource: AuditResource;
  data: { [key: string]: AuditJson };
  prev_hash: string;
  hash: string;
}

/** What a service records; the log gives it its place in the chain. */
export interface AuditEntry {
  type: string;
  /** Epoch ms. */
  at: number;
  actor: AuditActor;
  resource: AuditResource;
  data: { [key: string]: AuditJson };
}

/** The last link of a chain. */
export interface AuditHead {
  seq: number;
  hash: string;
}

/** The actor of what Gatehouse does by itself: expiry, bootstrap, signing-key rotation. */
export const SYSTEM_ACTOR: AuditActor = Object.freeze({ key_id: null, subject: "gatehouse" });

/** The actor of a call made with an API key: its ID and subject. */
export function keyActor(caller: { keyId: string; subject: string }): AuditActor {
  return { key_id: caller.keyId === "" ? null : caller.keyId, subject: caller.subject };
}
