import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

const PREFIX = "enc:v1:";
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** A stored secret cannot be opened with the configured encryption key (or without one). */
export class SecretSealError extends Error {
  override name = "SecretSealError";
}

/** What a seal keeps: the HKDF `info` that derives its own key, and what its messages call the secret. */
export interface SealPurpose {
  info: string;
  what: string;
}

/** The decision-token signing key (auth). */
export const SIGNING_KEY_SEAL: SealPurpose = { info: "signing-key-at-rest v1", what: "signing key" };
/** Webhook endpoints' signing secrets (govern). */
export const WEBHOOK_SECRET_SEAL: SealPurpose = { info: "webhook-secret-at-rest v1", what: "webhook signing secret" };

/**
 * Encrypts stored secrets at rest (GATEHOUSE_ENCRYPTION_KEY): AES-256-GCM
 * under a key derived with HKDF-SHA-256 from the configured secret and the
 * purpose's `info` (so a secret sealed for one purpose opens for no other),
 * a random 96-bit IV per seal, and the ID of the record holding it as
 * associated data, so a sealed secret cannot be moved onto another record.
 * Sealed text reads `enc:v1:<iv>.<ciphertext+tag>` (base64url).
 */
export class SecretSeal {
  readonly #key: Buffer;

  constructor(
    secret: string,
    private readonly purpose: SealPurpose,
  ) {
    this.#key = Buffer.from(hkdfSync("sha256", Buffer.from(secret, "utf8"), "gatehouse", purpose.info, 32));
  }

  /** Seals `plaintext` for the record `recordId`. */
  seal(plaintext: string, recordId: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv("aes-256-gcm", this.#key, iv);
    cipher.setAAD(Buffer.from(recordId, "utf8"));
    const body = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final(), cipher.getAuthTag()]);
    return `${PREFIX}${iv.toString("base64url")}.${body.toString("base64url")}`;
  }

  /** Opens what `seal` made for `recordId`; throws SecretSealError when the key or the text is wrong. */
  open(sealed: string, recordId: string): string {
    const [ivText, bodyText] = sealed.slice(PREFIX.length).split(".");
    const iv = Buffer.from(ivText ?? "", "base64url");
    const body = Buffer.from(bodyText ?? "", "base64url");
    if (!isSealed(sealed) || iv.length !== IV_BYTES || body.length <= TAG_BYTES) {
      throw new SecretSealError(`the stored ${this.purpose.what} is not in a known sealed form`);
    }
    try {
      const decipher = createDecipheriv("aes-256-gcm", this.#key, iv);
      decipher.setAAD(Buffer.from(recordId, "utf8"));
      decipher.setAuthTag(body.subarray(body.length - TAG_BYTES));
      return Buffer.concat([decipher.update(body.subarray(0, body.length - TAG_BYTES)), decipher.final()]).toString("utf8");
    } catch {
      throw new SecretSealError(`GATEHOUSE_ENCRYPTION_KEY does not open the stored ${this.purpose.what} (a different key sealed it)`);
    }
  }
}

/** True when a stored secret was sealed by `SecretSeal`. */
export function isSealed(stored: string): boolean {
  return stored.startsWith(PREFIX);
}
