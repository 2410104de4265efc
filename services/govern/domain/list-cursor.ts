import { ValidationError } from "../../../lib/errors.js";

// IDs as lib/ids.ts makes them: a prefix, "_", then 26 Crockford base32 characters.
const ID = /^[a-z0-9]+_[0-9a-hjkmnp-tv-z]{26}$/;

/** The opaque cursor that continues a listing after the checkpoint `lastId`. */
export function encodeListCursor(lastId: string): string {
  return Buffer.from(lastId, "utf8").toString("base64url");
}

/**
 * The checkpoint ID a cursor continues after. A cursor this service did not
 * make is a ValidationError naming `cursor`.
 */
export function decodeListCursor(cursor: string): string {
  const id = Buffer.from(cursor, "base64url").toString("utf8");
  // Node decodes base64url leniently, so insist on the exact round trip.
  if (!ID.test(id) || encodeListCursor(id) !== cursor) throw new ValidationError("cursor", "is not a cursor this service returned");
  return id;
}
