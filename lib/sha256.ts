import { hash } from "node:crypto";

/**
 * SHA-256 of `data` (a string is hashed as UTF-8) in `encoding`, in one
 * native call. Hot paths hash several times per request; unlike
 * `createHash`, this makes no native Hash object, whose weak handle every
 * young-generation collection would have to visit and finalise.
 */
export function sha256(data: string | Uint8Array, encoding: "hex" | "base64url"): string {
  return hash("sha256", data, encoding);
}
