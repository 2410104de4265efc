import type { JsonObject } from "@bufbuild/protobuf";
import { DECISION_TOKEN_ALG, DECISION_TOKEN_TYPE, withoutRegisteredClaims } from "./decision-claims.js";
import type { SigningMaterial } from "./signing-material.js";
import { signJws } from "./sign-jws.js";

/** Everything a decision token states. */
export interface DecisionTokenInput {
  issuer: string;
  /** The workspace ID. */
  audience: string;
  /** The checkpoint ID. */
  subject: string;
  jti: string;
  /** Epoch ms of issue; `iat` is its whole second. */
  now: number;
  ttlSeconds: number;
  /** Extra claims; registered ones among them are dropped. */
  claims?: JsonObject;
}

/** A signed token and the facts a caller may want to record. */
export interface SignedDecisionToken {
  token: string;
  kid: string;
  /** `exp`, epoch seconds. */
  exp: number;
}

/**
 * Signs a decision token: ES256, header `{alg, typ: "gatehouse-decision+jwt",
 * kid}`, claims `iss`, `aud`, `sub`, `jti`, `iat`, `exp = iat + ttlSeconds`
 * plus the extra claims. Synchronous: node:crypto signs in well under a
 * millisecond on the calling thread.
 */
export function signDecisionToken(key: SigningMaterial, input: DecisionTokenInput): SignedDecisionToken {
  const iat = Math.floor(input.now / 1000);
  const exp = iat + input.ttlSeconds;
  const claims = {
    ...withoutRegisteredClaims(input.claims),
    iss: input.issuer,
    aud: input.audience,
    sub: input.subject,
    jti: input.jti,
    iat,
    exp,
  };
  const token = signJws(key.privateKey, { alg: DECISION_TOKEN_ALG, typ: DECISION_TOKEN_TYPE, kid: key.kid }, claims);
  return { token, kid: key.kid, exp };
}
