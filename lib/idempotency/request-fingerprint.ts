import { payloadSha256 } from "../payload-hash.js";

/**
 * The fingerprint an idempotency key is bound to: base64url SHA-256 of the
 * RFC 8785 canonical JSON of `request`, so two bodies equal as parsed JSON
 * (key order, whitespace, number spelling aside) share a fingerprint.
 * Pass only what the client sent in the body: not the idempotency key itself,
 * nor per-attempt metadata such as request IDs, or retries would never match.
 * Throws a TypeError for values JSON cannot represent.
 */
export function requestFingerprint(request: unknown): string {
  return payloadSha256(request);
}
