import canonicalizeModule from "canonicalize";
import { sha256 } from "./sha256.js";

// canonicalize is CommonJS (`module.exports = fn`) but its typings declare an
// ES default export, so under NodeNext TypeScript types the default import as
// the module object; at run time the default import is the function itself.
const canonicalize = canonicalizeModule as unknown as (input: unknown) => string | undefined;

/**
 * The `payload_sha256` claim of a decision token: base64url (no padding) of
 * the SHA-256 of the RFC 8785 canonical JSON of `payload`. An absent payload
 * (`undefined` or `null`) hashes as `{}`, so "no payload" has one fixed hash.
 * Throws a TypeError for values JSON cannot represent (functions, symbols,
 * NaN, Infinity), since no token could ever commit to them.
 */
export function payloadSha256(payload: unknown): string {
  return hashPayload(payload).sha256;
}

/** A payload's `payload_sha256` and the size of its canonical JSON. */
export interface PayloadHash {
  sha256: string;
  /** UTF-8 bytes of the RFC 8785 canonical JSON (what was hashed). */
  canonicalBytes: number;
}

/**
 * The RFC 8785 canonical JSON of `payload` (`{}` when absent): the text
 * `payloadSha256` hashes. Throws as `payloadSha256` does.
 */
export function canonicalPayloadJson(payload: unknown): string {
  let canonical: string | undefined;
  try {
    canonical = canonicalize(payload ?? {});
  } catch (err) {
    throw new TypeError(`payload is not representable as JSON: ${(err as Error).message}`);
  }
  if (canonical === undefined) throw new TypeError("payload is not representable as JSON");
  return canonical;
}

/**
 * `payloadSha256` and the canonical size from one canonicalization, for
 * callers that check the size too. Throws as `payloadSha256` does.
 */
export function hashPayload(payload: unknown): PayloadHash {
  const bytes = Buffer.from(canonicalPayloadJson(payload), "utf8");
  return { sha256: sha256(bytes, "base64url"), canonicalBytes: bytes.length };
}
