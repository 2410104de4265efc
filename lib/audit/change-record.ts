import { payloadSha256 } from "../payload-hash.js";

/**
 * The members of `after` whose value differs from `before` (compared as JSON),
 * named in snake_case as the REST API names them, in `after`'s order: what an
 * update changed, without the values.
 */
export function changedFields(before: object, after: object): string[] {
  const was = before as Record<string, unknown>;
  return Object.entries(after)
    .filter(([name, value]) => JSON.stringify(value) !== JSON.stringify(was[name]))
    .map(([name]) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`));
}

/**
 * The SHA-256 an audit event records instead of a value: base64url of the
 * SHA-256 of the value's RFC 8785 canonical JSON, as `payload_sha256` of
 * decision tokens, so whoever holds the value can show it is the one recorded.
 */
export function digestOf(value: unknown): string {
  return payloadSha256(value);
}
