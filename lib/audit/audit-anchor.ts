import type { AuditHead } from "./audit-event.js";

const HASH = /^[0-9a-f]{64}$/;

/**
 * An anchor — a head the trail once had — from what a user kept: `SEQ:HASH`,
 * or a decision token, whose `audit_head` claim is read (not verified: check
 * the token itself with `POST /v1/decision-tokens/verify` or the JWKS). Throws
 * an Error saying what is wrong with `text`; null for a token signed while the
 * trail was empty (it anchors nothing).
 */
export function parseAuditAnchor(text: string): AuditHead | null {
  const pair = /^(\d{1,15}):([0-9a-f]{64})$/.exec(text);
  if (pair) return { seq: Number(pair[1]), hash: pair[2]! };
  const parts = text.split(".");
  if (parts.length === 3) {
    let claims: { audit_head?: unknown };
    try {
      claims = JSON.parse(Buffer.from(parts[1]!, "base64url").toString("utf8")) as { audit_head?: unknown };
    } catch {
      throw new Error("the anchor is neither SEQ:HASH nor a decision token");
    }
    const head = claims.audit_head as { seq?: unknown; hash?: unknown } | null | undefined;
    if (head === null) return null;
    if (head && Number.isSafeInteger(head.seq) && (head.seq as number) >= 1 && typeof head.hash === "string" && HASH.test(head.hash)) {
      return { seq: head.seq as number, hash: head.hash };
    }
    throw new Error("the decision token carries no audit_head claim");
  }
  throw new Error("the anchor is neither SEQ:HASH nor a decision token");
}

/**
 * Checks anchors against the hashes of a verified chain (`hashOf(seq)`, undefined
 * past its end): each anchored event must still be there with the anchored hash.
 * Returns the first anchor that fails, lowest seq first, with why; null when all hold.
 */
export function checkAnchors(anchors: readonly AuditHead[], hashOf: (seq: number) => string | undefined, length: number): { seq: number; reason: string } | null {
  for (const anchor of [...anchors].sort((a, b) => a.seq - b.seq)) {
    const hash = hashOf(anchor.seq);
    if (hash === undefined) return { seq: anchor.seq, reason: `the trail ends at seq ${length}, before anchored event ${anchor.seq}` };
    if (hash !== anchor.hash) return { seq: anchor.seq, reason: `event ${anchor.seq} is not the anchored one (its hash differs)` };
  }
  return null;
}
