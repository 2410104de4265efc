import { create } from "@bufbuild/protobuf";
import { timestampFromMs } from "@bufbuild/protobuf/wkt";
import {
  SignDecisionResponseSchema,
  type SignDecisionRequest,
  type SignDecisionResponse,
} from "../../../gen/gatehouse/auth/v1/auth_pb.js";
import { ValidationError } from "../../../lib/errors.js";
import { newId } from "../../../lib/ids.js";
import { signDecisionToken } from "../domain/sign-decision-token.js";
import type { AuthDeps } from "./auth-deps.js";

/**
 * SignDecision: an ES256 decision token for checkpoint `subject` of workspace
 * `audience`, with a new `jti` (`dt_…`) and the given claims (registered
 * claims among them are ignored). `ttl_seconds` 0 means the configured
 * lifetime, which is also the longest allowed: retired signing keys are
 * published exactly that long, so no token may outlive its key's publication.
 */
export async function signDecision(deps: AuthDeps, req: SignDecisionRequest): Promise<SignDecisionResponse> {
  if (req.audience === "") throw new ValidationError("audience", "is required");
  if (req.subject === "") throw new ValidationError("subject", "is required");
  if (req.ttlSeconds < 0 || req.ttlSeconds > deps.tokenTtlSeconds) {
    throw new ValidationError("ttl_seconds", `must be between 0 and ${deps.tokenTtlSeconds}`);
  }
  const now = deps.clock.now();
  const jti = newId("dt", now);
  const signed = signDecisionToken(deps.signingKey, {
    issuer: deps.issuer,
    audience: req.audience,
    subject: req.subject,
    jti,
    now,
    ttlSeconds: req.ttlSeconds || deps.tokenTtlSeconds,
    claims: req.claims,
  });
  return create(SignDecisionResponseSchema, {
    token: signed.token,
    keyId: signed.kid,
    jti,
    expiresAt: timestampFromMs(signed.exp * 1000),
  });
}
