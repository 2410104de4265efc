import { sha256 } from "./sha256.js";

/**
 * The `content_sha256` claim of a scan verdict token: base64url (no padding)
 * of the SHA-256 of the content's UTF-8 bytes, exactly as it was scanned.
 */
export function contentSha256(content: string): string {
  return sha256(content, "base64url");
}
