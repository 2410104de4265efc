import { createLocalJWKSet, jwtVerify, type JWTPayload } from "jose";
import { DECISION_TOKEN_ALG } from "./decision-claims.js";
import type { PublishedKey } from "./signing-key.js";

/** What every token Gatehouse signs is checked against, whatever it states. */
export interface TokenVerification {
  keys: readonly PublishedKey[];
  issuer: string;
  /** The caller's workspace: tokens of other workspaces are refused. */
  audience: string;
  /** Epoch ms used for `exp`. */
  now: number;
}

/**
 * The claims of a token Gatehouse signed with one of `keys` (matched by
 * `kid`, alg ES256) whose `typ` header is `typ`, issuer and audience are
 * `v`'s, and which is unexpired at `v.now` with `iat`, `exp`, `sub` and `jti`.
 * Demanding the `typ` is what keeps decision and scan verdict tokens, signed
 * with the same keys, from passing for each other. Throws jose's errors
 * (see `reasonOf` for what they mean to a caller).
 */
export async function verifyGatehouseJwt(token: string, v: TokenVerification, typ: string): Promise<JWTPayload> {
  const jwks = createLocalJWKSet({
    keys: v.keys.map((k) => ({ ...k.publicJwk, kid: k.kid, alg: DECISION_TOKEN_ALG, use: "sig" })),
  });
  const { payload } = await jwtVerify(token, jwks, {
    algorithms: [DECISION_TOKEN_ALG],
    typ,
    issuer: v.issuer,
    audience: v.audience,
    currentDate: new Date(v.now),
    requiredClaims: ["iat", "exp", "sub", "jti"],
  });
  return payload;
}
