import { createHash } from "node:crypto";

/**
 * The `content_sha256` claim of a scan verdict token: base64url (no padding)
 * of the SHA-256 of the content's UTF-8 bytes, exactly as it was scanned.
 */
export function contentSha256(content: string): string {
  return createHash("sha256").update(content, "utf8").digest("base64url");
}
