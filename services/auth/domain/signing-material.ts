import { createPrivateKey, type KeyObject } from "node:crypto";
import { calculateJwkThumbprint, exportJWK, generateKeyPair, importJWK, jwtVerify, type CryptoKey, type JWK } from "jose";
import { signJws } from "./sign-jws.js";
import type { PublicEcJwk } from "./signing-key.js";

/** A usable ES256 signing key. */
export interface SigningMaterial {
  /** RFC 7638 thumbprint of the public key. */
  kid: string;
  /** For node:crypto, which signs synchronously and without a thread hop. */
  privateKey: KeyObject;
  publicJwk: PublicEcJwk;
  /** The private JWK as JSON, for keys that must be persisted. */
  privateJwkJson: string;
}

/** Thrown when GATEHOUSE_SIGNING_KEY does not hold a usable key. Never quotes the key. */
export class SigningKeyConfigError extends Error {
  override name = "SigningKeyConfigError";
}

function publicPart(jwk: JWK): PublicEcJwk {
  return { kty: "EC", crv: "P-256", x: jwk.x!, y: jwk.y! };
}

/**
 * Turns a private EC P-256 JWK into signing material, checking by a signature
 * round trip that `d` belongs to `x`/`y`. Throws an Error describing what is
 * wrong (without echoing key material).
 */
export async function signingMaterialFromJwk(jwk: JWK): Promise<SigningMaterial> {
  if (jwk.kty !== "EC" || jwk.crv !== "P-256") throw new Error('must be an EC key on curve P-256 (kty "EC", crv "P-256")');
  for (const member of ["x", "y", "d"] as const) {
    if (typeof jwk[member] !== "string" || jwk[member] === "") {
      throw new Error(`must be a private JWK with "${member}" (a base64url string)`);
    }
  }
  if (jwk.alg !== undefined && jwk.alg !== "ES256") throw new Error('"alg", when present, must be "ES256"');
  const pub = publicPart(jwk);
  let privateKey: KeyObject;
  let publicKey: CryptoKey;
  try {
    privateKey = createPrivateKey({ key: { ...pub, d: jwk.d }, format: "jwk" });
    publicKey = (await importJWK(pub, "ES256")) as CryptoKey;
    // Signed as tokens are, verified as clients verify them.
    await jwtVerify(signJws(privateKey, { alg: "ES256" }, {}), publicKey, { algorithms: ["ES256"] });
  } catch {
    throw new Error("is not a valid P-256 key pair (x, y and d do not form a key)");
  }
  return {
    kid: await calculateJwkThumbprint(pub),
    privateKey,
    publicJwk: pub,
    privateJwkJson: JSON.stringify({ ...pub, d: jwk.d }),
  };
}

/**
 * Parses the GATEHOUSE_SIGNING_KEY value (a JSON private EC P-256 JWK).
 * Throws SigningKeyConfigError naming the variable when it is unusable.
 */
export async function parseConfiguredSigningKey(json: string): Promise<SigningMaterial> {
  let jwk: unknown;
  try {
    jwk = JSON.parse(json);
  } catch {
    throw new SigningKeyConfigError("GATEHOUSE_SIGNING_KEY must be a JSON Web Key (JSON object); it is not valid JSON");
  }
  if (typeof jwk !== "object" || jwk === null || Array.isArray(jwk)) {
    throw new SigningKeyConfigError("GATEHOUSE_SIGNING_KEY must be a JSON Web Key (JSON object)");
  }
  try {
    return await signingMaterialFromJwk(jwk as JWK);
  } catch (err) {
    throw new SigningKeyConfigError(`GATEHOUSE_SIGNING_KEY ${(err as Error).message}`);
  }
}

/** Generates a fresh, extractable ES256 key. */
export async function generateSigningMaterial(): Promise<SigningMaterial> {
  const { privateKey } = await generateKeyPair("ES256", { extractable: true });
  return signingMaterialFromJwk(await exportJWK(privateKey));
}
