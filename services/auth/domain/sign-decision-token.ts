import type { JsonObject } from "@bufbuild/protobuf";
import { SignJWT } from "jose";
import { DECISION_TOKEN_ALG, DECISION_TOKEN_TYPE, withoutRegisteredClaims } from "./decision-claims.js";
import type { SigningMaterial } from "./signing-material.js";

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
 * plus the extra claims.
 */
export async function signDecisionToken(key: SigningMaterial, input: DecisionTokenInput): Promise<SignedDecisionToken> {
  const iat = Math.floor(input.now / 1000);
  const exp = iat + input.ttlSeconds;
  const token = await new SignJWT(withoutRegisteredClaims(input.claims))
    .setProtectedHeader({ alg: DECISION_TOKEN_ALG, typ: DECISION_TOKEN_TYPE, kid: key.kid })
    .setIssuer(input.issuer)
    .setAudience(input.audience)
    .setSubject(input.subject)
    .setJti(input.jti)
    .setIssuedAt(iat)
    .setExpirationTime(exp)
    .sign(key.privateKey);
  return { token, kid: key.kid, exp };
}
