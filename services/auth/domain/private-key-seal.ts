import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

const PREFIX = "enc:v1:";
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** The stored private key cannot be opened with the configured encryption key (or without one). */
export class SealedKeyError extends Error {
  override name = "SealedKeyError";
}

/**
 * Encrypts stored signing keys at rest (GATEHOUSE_ENCRYPTION_KEY): AES-256-GCM
 * under a key derived with HKDF-SHA-256 from the configured secret, a random
 * 96-bit IV per seal, and the key id as associated data, so a sealed key
 * cannot be moved onto another record. Sealed text reads
 * `enc:v1:<iv>.<ciphertext+tag>` (base64url).
 */
export class PrivateKeySeal {
  readonly #key: Buffer;

  constructor(secret: string) {
    this.#key = Buffer.from(hkdfSync("sha256", Buffer.from(secret, "utf8"), "gatehouse", "signing-key-at-rest v1", 32));
  }

  /** Seals `plaintext` (a private JWK as JSON) for the record of `kid`. */
  seal(plaintext: string, kid: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv("aes-256-gcm", this.#key, iv);
    cipher.setAAD(Buffer.from(kid, "utf8"));
    const body = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final(), cipher.getAuthTag()]);
    return `${PREFIX}${iv.toString("base64url")}.${body.toString("base64url")}`;
  }

  /** Opens what `seal` made for `kid`; throws SealedKeyError when the key or the text is wrong. */
  open(sealed: string, kid: string): string {
    const [ivText, bodyText] = sealed.slice(PREFIX.length).split(".");
    const iv = Buffer.from(ivText ?? "", "base64url");
    const body = Buffer.from(bodyText ?? "", "base64url");
    if (!isSealed(sealed) || iv.length !== IV_BYTES || body.length <= TAG_BYTES) throw new SealedKeyError("the stored signing key is not in a known sealed form");
    try {
      const decipher = createDecipheriv("aes-256-gcm", this.#key, iv);
      decipher.setAAD(Buffer.from(kid, "utf8"));
      decipher.setAuthTag(body.subarray(body.length - TAG_BYTES));
      return Buffer.concat([decipher.update(body.subarray(0, body.length - TAG_BYTES)), decipher.final()]).toString("utf8");
    } catch {
      throw new SealedKeyError("GATEHOUSE_ENCRYPTION_KEY does not open the stored signing key (a different key sealed it)");
    }
  }
}

/** True when a stored private key was sealed by `PrivateKeySeal`. */
export function isSealed(stored: string): boolean {
  return stored.startsWith(PREFIX);
}
