import { errors, type JWTPayload } from "jose";
import { contentSha256 } from "../../../lib/content-hash.js";
import { DECISION_TOKEN_ALG } from "./decision-claims.js";
import type { SigningMaterial } from "./signing-material.js";
import { signJws } from "./sign-jws.js";
import { MAX_TOKEN_LENGTH, reasonOf } from "./verify-decision-token.js";
import { type TokenVerification, verifyGatehouseJwt } from "./verify-gatehouse-jwt.js";

/**
 * `typ` header of every scan verdict token. It differs from decision tokens'
 * (`gatehouse-decision+jwt`), and each verifier demands its own, so one kind
 * can never pass for the other though both are signed with the same keys.
 */
export const SCAN_VERDICT_TOKEN_TYPE = "gatehouse-scan-verdict+jwt";

/** What a scan verdict token states. */
export interface ScanVerdictTokenInput {
  issuer: string;
  /** The workspace ID. */
  audience: string;
  /** The scan ID. */
  scanId: string;
  jti: string;
  /** Epoch ms of issue; `iat` is its whole second. */
  now: number;
  ttlSeconds: number;
  verdict: string;
  allowed: boolean;
  contentSha256: string;
  scanType: string;
  ruleSetVersion: string;
  /** The tool of a tool_call scan; the claim is left out otherwise. */
  toolName?: string;
}

/**
 * Signs a scan verdict token: ES256 with the decision-token key, header
 * `{alg, typ: "gatehouse-scan-verdict+jwt", kid}`, claims `iss`, `aud`
 * (workspace), `sub` (scan ID), `jti`, `iat`, `exp`, `verdict`, `allowed`,
 * `content_sha256`, `scan_type`, `rule_set_version` and, for a tool call,
 * `tool_name`.
 */
export function signScanVerdictToken(key: SigningMaterial, input: ScanVerdictTokenInput): { token: string; kid: string; exp: number } {
  const iat = Math.floor(input.now / 1000);
  const exp = iat + input.ttlSeconds;
  const claims = {
    iss: input.issuer,
    aud: input.audience,
    sub: input.scanId,
    jti: input.jti,
    iat,
    exp,
    verdict: input.verdict,
    allowed: input.allowed,
    content_sha256: input.contentSha256,
    scan_type: input.scanType,
    rule_set_version: input.ruleSetVersion,
    ...(input.toolName !== undefined ? { tool_name: input.toolName } : {}),
  };
  const token = signJws(key.privateKey, { alg: DECISION_TOKEN_ALG, typ: SCAN_VERDICT_TOKEN_TYPE, kid: key.kid }, claims);
  return { token, kid: key.kid, exp };
}

/** What a scan verdict token must satisfy to be accepted. */
export interface ScanVerdictVerification extends TokenVerification {
  /** The content the caller holds; when given, its SHA-256 must be the token's `content_sha256`. */
  content?: string;
}

/**
 * Verifies a scan verdict token: signature by one of `keys` (by `kid`),
 * `alg` ES256, `typ` gatehouse-scan-verdict+jwt (a decision token is
 * refused), issuer, audience, expiry, the verdict claims present, and the
 * content's hash when content is given. Valid means authentic and about this
 * content; what the verdict allows is the caller's to read (`verdict`,
 * `allowed`). Never throws for a bad token.
 */
export async function verifyScanVerdictToken(
  token: string,
  v: ScanVerdictVerification,
): Promise<{ valid: true; claims: JWTPayload } | { valid: false; reason: string }> {
  if (token === "" || token.length > MAX_TOKEN_LENGTH) return { valid: false, reason: "the token is malformed" };
  let claims: JWTPayload;
  try {
    claims = await verifyGatehouseJwt(token, v, SCAN_VERDICT_TOKEN_TYPE);
  } catch (err) {
    if (err instanceof errors.JWTClaimValidationFailed && err.claim === "typ") {
      return { valid: false, reason: "the token is not a Gatehouse scan verdict token (typ)" };
    }
    return { valid: false, reason: reasonOf(err) };
  }
  for (const name of ["verdict", "content_sha256", "scan_type", "rule_set_version"]) {
    if (typeof claims[name] !== "string") return { valid: false, reason: `the token carries no ${name}` };
  }
  if (v.content !== undefined && claims.content_sha256 !== contentSha256(v.content)) {
    return { valid: false, reason: "the content does not match the scanned content (content_sha256 differs)" };
  }
  return { valid: true, claims };
}
