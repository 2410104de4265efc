import canonicalizeModule from "canonicalize";
import { sha256 } from "../sha256.js";
import type { AuditEntry, AuditEvent, AuditHead } from "./audit-event.js";

// canonicalize is CommonJS typed as an ES default export (see lib/payload-hash.ts).
const canonicalize = canonicalizeModule as unknown as (input: unknown) => string | undefined;

/** `prev_hash` of the first event of every chain. */
export const GENESIS_HASH = "0".repeat(64);

const HASH_PATTERN = /^[0-9a-f]{64}$/;

/**
 * The hash of an event, the recipe anyone can recompute: the lowercase hex
 * SHA-256 of the UTF-8 bytes of the RFC 8785 (JCS) canonical JSON of the
 * event without its `hash` member, i.e. of `{seq, type, at, actor, resource,
 * data, prev_hash}`. `prev_hash` is inside what is hashed, which makes the
 * events a chain.
 */
export function auditEventHash(event: Omit<AuditEvent, "hash"> & { hash?: string }): string {
  // Every member but `hash` counts: a member slipped in later breaks the hash too.
  const { hash: _hash, ...hashed } = event;
  const canonical = canonicalize(hashed);
  if (canonical === undefined) throw new TypeError("audit event is not representable as JSON");
  return sha256(canonical, "hex");
}

/** The event that follows `head` (null: the chain is empty) with `entry`'s content. */
export function nextAuditEvent(head: AuditHead | null, entry: AuditEntry): AuditEvent {
  const unhashed = {
    seq: (head?.seq ?? 0) + 1,
    type: entry.type,
    at: new Date(entry.at).toISOString(),
    actor: { key_id: entry.actor.key_id, subject: entry.actor.subject },
    resource: { type: entry.resource.type, id: entry.resource.id },
    data: entry.data,
    prev_hash: head?.hash ?? GENESIS_HASH,
  };
  return { ...unhashed, hash: auditEventHash(unhashed) };
}

/** What a verification found. */
export type AuditVerdict =
  | { ok: true; count: number; head: AuditHead | null }
  | {
      ok: false;
      /** The first event whose hash does not hold, or that is missing. */
      seq: number;
      reason: string;
    };

/**
 * Checks a whole chain, first event first: event i (from 0) must have `seq`
 * i + 1 (a missing, extra or moved event breaks this at the first place it
 * shows), `prev_hash` equal to the previous event's `hash` (64 zeros for the
 * first), and a `hash` that `auditEventHash` recomputes. Reports the seq of
 * the first event that fails. Entries need not be well-formed: anything that
 * is not an event fails at its position.
 */
export function verifyAuditChain(events: Iterable<unknown>): AuditVerdict {
  let head: AuditHead | null = null;
  let count = 0;
  for (const candidate of events) {
    const verdict = checkLink(head, candidate);
    if (!verdict.ok) return verdict;
    head = verdict.head;
    count++;
  }
  return { ok: true, count, head };
}

/**
 * Checks one event against the head before it (see `verifyAuditChain`), for
 * verifiers that read a chain a piece at a time.
 */
export function checkLink(previous: AuditHead | null, candidate: unknown): { ok: true; head: AuditHead } | { ok: false; seq: number; reason: string } {
  const expected = (previous?.seq ?? 0) + 1;
  const fail = (reason: string) => ({ ok: false as const, seq: expected, reason });
  if (!isEventShaped(candidate)) return fail(`event ${expected} is malformed`);
  const event = candidate;
  if (event.seq !== expected) {
    const found = `found seq ${event.seq} where it belongs`;
    return fail(event.seq > expected ? `event ${expected} is missing or out of place (${found})` : `event ${expected} is out of place (${found})`);
  }
  const prevHash = previous?.hash ?? GENESIS_HASH;
  if (event.prev_hash !== prevHash) return fail(`prev_hash of event ${expected} is not the hash of the event before it`);
  let recomputed: string;
  try {
    recomputed = auditEventHash(event);
  } catch {
    return fail(`event ${expected} is not representable as JSON`);
  }
  if (recomputed !== event.hash) return fail(`hash of event ${expected} does not match its content`);
  return { ok: true, head: { seq: event.seq, hash: event.hash } };
}

function isEventShaped(v: unknown): v is AuditEvent {
  if (typeof v !== "object" || v === null || Array.isArray(v)) return false;
  const e = v as Record<string, unknown>;
  const actor = e.actor as Record<string, unknown> | null;
  const resource = e.resource as Record<string, unknown> | null;
  return (
    Number.isSafeInteger(e.seq) &&
    typeof e.type === "string" &&
    typeof e.at === "string" &&
    typeof actor === "object" &&
    actor !== null &&
    (actor.key_id === null || typeof actor.key_id === "string") &&
    typeof actor.subject === "string" &&
    typeof resource === "object" &&
    resource !== null &&
    typeof resource.type === "string" &&
    typeof resource.id === "string" &&
    typeof e.data === "object" &&
    e.data !== null &&
    !Array.isArray(e.data) &&
    typeof e.prev_hash === "string" &&
    typeof e.hash === "string" &&
    HASH_PATTERN.test(e.hash)
  );
}
