import { timingSafeEqual } from "node:crypto";
import { sha256 } from "../sha256.js";

/** Metadata header that carries the internal secret between Gatehouse components. */
export const INTERNAL_SECRET_HEADER = "x-gatehouse-internal";

/** Fewest characters an internal secret may have (about 190 bits as base64). */
export const MIN_INTERNAL_SECRET_LENGTH = 32;

/**
 * The shared secret by which Gatehouse's own components recognise each other
 * (`GATEHOUSE_INTERNAL_SECRETS`). Only a call presenting it may assert a
 * `caller` on behalf of a REST request or reach an internal-only RPC.
 *
 * Rotation without downtime: the first secret is the one sent, every listed
 * secret is accepted. Roll out `old,new` everywhere, then `new,old`, then
 * `new` — at each step every component accepts what every other one sends.
 */
export class InternalCredentials {
  readonly #sent: string;
  readonly #accepted: Buffer[];

  /** `secrets`: one or two secrets, the one to send first. */
  constructor(secrets: readonly string[]) {
    if (secrets.length < 1 || secrets.length > 2) throw new RangeError("one or two internal secrets are expected");
    for (const s of secrets) {
      if (s.length < MIN_INTERNAL_SECRET_LENGTH) throw new RangeError(`an internal secret needs at least ${MIN_INTERNAL_SECRET_LENGTH} characters`);
    }
    this.#sent = secrets[0]!;
    this.#accepted = secrets.map(digest);
  }

  /** The secret to present on outgoing calls. */
  get secret(): string {
    return this.#sent;
  }

  /** True when `presented` is one of the accepted secrets (constant time in its content). */
  accepts(presented: string | null | undefined): boolean {
    if (!presented) return false;
    const d = digest(presented);
    // Compare against every accepted secret so timing reveals nothing about which matched.
    let ok = false;
    for (const a of this.#accepted) ok = timingSafeEqual(a, d) || ok;
    return ok;
  }
}

// Hashing first gives equal-length inputs to timingSafeEqual whatever was presented.
// (Through sha256: this runs on every internal call, so it makes no Hash object either.)
function digest(s: string): Buffer {
  return Buffer.from(sha256(s, "hex"), "hex");
}

/** Splits `GATEHOUSE_INTERNAL_SECRETS` (comma-separated); undefined when unset or empty. */
export function parseInternalSecrets(value: string | undefined): string[] | undefined {
  const list = (value ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  return list.length > 0 ? list : undefined;
}
