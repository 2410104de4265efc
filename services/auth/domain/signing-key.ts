/** The public half of an ES256 signing key (RFC 7517, EC P-256). */
export interface PublicEcJwk {
  kty: "EC";
  crv: "P-256";
  x: string;
  y: string;
}

/**
 * One generation of the decision-token signing key, as stored. Generations
 * only ever get appended: the highest one is the current key, and a key is
 * retired at the moment the next generation was created. `privateJwk` (JSON)
 * is kept only for keys Gatehouse generated itself; a key configured through
 * GATEHOUSE_SIGNING_KEY stays in the configuration and never reaches the store.
 */
export interface SigningKeyRecord {
  /** 1, 2, 3, ... unique. */
  generation: number;
  /** RFC 7638 thumbprint of the public key. */
  kid: string;
  publicJwk: PublicEcJwk;
  privateJwk: string | null;
  /** Epoch milliseconds. */
  createdAt: number;
}

/** A key published in the JWKS. */
export interface PublishedKey {
  kid: string;
  publicJwk: PublicEcJwk;
  /** Epoch ms the key stopped signing; null for the current key. */
  retiredAt: number | null;
}

/**
 * The keys a verifier must know at `now`, given stored generations newest
 * first: the current key, and each retired key until `retiredAt + tokenTtlMs`
 * (when the last token it signed expires). A key that occurs in several
 * generations (a configuration rolled back and forth) is listed once, with
 * its most recent generation.
 */
export function publishedKeys(newestFirst: readonly SigningKeyRecord[], now: number, tokenTtlMs: number): PublishedKey[] {
  const out: PublishedKey[] = [];
  newestFirst.forEach((rec, i) => {
    const retiredAt = i === 0 ? null : newestFirst[i - 1]!.createdAt;
    if (retiredAt !== null && retiredAt + tokenTtlMs <= now) return;
    if (out.some((k) => k.kid === rec.kid)) return;
    out.push({ kid: rec.kid, publicJwk: rec.publicJwk, retiredAt });
  });
  return out;
}
