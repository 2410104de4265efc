import { errors, type JWTPayload } from "jose";
import { payloadSha256 } from "../../../lib/payload-hash.js";
import { DECISION_TOKEN_ALG, DECISION_TOKEN_TYPE, decisionClaimsProblem } from "./decision-claims.js";
import { type TokenVerification, verifyGatehouseJwt } from "./verify-gatehouse-jwt.js";

/** Longest token worth parsing; real decision tokens are well under 4 KiB. */
export const MAX_TOKEN_LENGTH = 16 * 1024;

/** What a decision token must satisfy to be accepted. */
export interface DecisionVerification extends TokenVerification {
  action?: string;
  /** The payload the caller is about to act on; compared by `payloadSha256`. */
  payload?: unknown;
}

/** The verdict on one token. */
export type DecisionVerdict = { valid: true; claims: JWTPayload } | { valid: false; reason: string };

const CLAIM_REASONS: Record<string, string> = {
  iss: "the token was not issued by this Gatehouse (iss)",
  aud: "the token was issued for another workspace (aud)",
  typ: "the token is not a Gatehouse decision token (typ)",
  exp: "the token has no valid expiry (exp)",
  iat: "the token has no valid issue time (iat)",
  nbf: "the token is not valid yet (nbf)",
  sub: "the token names no checkpoint (sub)",
  jti: "the token has no ID (jti)",
};

/** The human-readable reason jose's verification error means for a Gatehouse token. */
export function reasonOf(err: unknown): string {
  if (err instanceof errors.JWTExpired) return "the token has expired";
  if (err instanceof errors.JWTClaimValidationFailed) {
    return CLAIM_REASONS[err.claim] ?? `the token's ${err.claim} claim is invalid`;
  }
  if (err instanceof errors.JWSSignatureVerificationFailed) return "the signature is invalid";
  if (err instanceof errors.JWKSNoMatchingKey) return "the token was signed by an unknown or expired key";
  if (err instanceof errors.JOSEAlgNotAllowed) return `the token is not signed with ${DECISION_TOKEN_ALG}`;
  return "the token is malformed";
}

/**
 * Verifies a decision token as a careful client would: signature by one of
 * `keys` (matched by `kid`), `alg` ES256, `typ`, issuer, audience, expiry;
 * then the decision itself (status approved, action, payload hash). Never
 * throws for a bad token: the verdict carries a human-readable reason.
 */
export async function verifyDecisionToken(token: string, v: DecisionVerification): Promise<DecisionVerdict> {
  if (token === "" || token.length > MAX_TOKEN_LENGTH) return { valid: false, reason: "the token is malformed" };
  let claims: JWTPayload;
  try {
    claims = await verifyGatehouseJwt(token, v, DECISION_TOKEN_TYPE);
  } catch (err) {
    return { valid: false, reason: reasonOf(err) };
  }
  let payloadHash: string | undefined;
  if (v.payload !== undefined) {
    try {
      payloadHash = payloadSha256(v.payload);
    } catch {
      return { valid: false, reason: "the payload is not representable as JSON" };
    }
  }
  const problem = decisionClaimsProblem(claims, { action: v.action, payloadSha256: payloadHash });
  return problem === null ? { valid: true, claims } : { valid: false, reason: problem };
}
