import type { JsonObject } from "@bufbuild/protobuf";

/** `typ` header of every decision token. */
export const DECISION_TOKEN_TYPE = "gatehouse-decision+jwt";

/** The only algorithm decision tokens use. */
export const DECISION_TOKEN_ALG = "ES256";

/** RFC 7519 registered claims: Gatehouse sets these itself, never from caller input. */
export const REGISTERED_CLAIMS: readonly string[] = ["iss", "sub", "aud", "exp", "nbf", "iat", "jti"];

/** `claims` without the registered ones. */
export function withoutRegisteredClaims(claims: JsonObject | undefined): JsonObject {
  const out: JsonObject = {};
  for (const [name, value] of Object.entries(claims ?? {})) {
    if (!REGISTERED_CLAIMS.includes(name)) out[name] = value;
  }
  return out;
}

/** What a verifier additionally requires of a signature-valid token. */
export interface DecisionExpectations {
  /** When set, the `action` claim must equal it. */
  action?: string;
  /** When set, the `payload_sha256` claim must equal it. */
  payloadSha256?: string;
}

/**
 * Checks the decision claims as a careful client would: `status` must be
 * "approved", and `action` / `payload_sha256` must match what the caller is
 * about to do. Returns the reason the token does not allow that, or null.
 */
export function decisionClaimsProblem(claims: Record<string, unknown>, expect: DecisionExpectations): string | null {
  if (claims.status !== "approved") {
    return typeof claims.status === "string"
      ? `the decision is ${JSON.stringify(claims.status)}, not "approved"`
      : "the token carries no decision status";
  }
  if (expect.action !== undefined && claims.action !== expect.action) {
    return "the token approves a different action";
  }
  if (expect.payloadSha256 !== undefined && claims.payload_sha256 !== expect.payloadSha256) {
    return "the payload does not match the approved payload (payload_sha256 differs)";
  }
  return null;
}
