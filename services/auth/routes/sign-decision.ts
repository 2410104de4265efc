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
 * The token anchors the audience's audit trail: claim `audit_head` is
 * `{seq, hash}` of the chain's last event when it was signed (null while the
 * chain is empty), so a holder of the token can later show that the trail
 * once had that head, and a trail cut short or rewritten before it no longer
 * matches.
 */
export async function signDecision(deps: AuthDeps, req: SignDecisionRequest): Promise<SignDecisionResponse> {
  if (req.audience === "") throw new ValidationError("audience", "is required");
  if (req.subject === "") throw new ValidationError("subject", "is required");
  if (req.ttlSeconds < 0 || req.ttlSeconds > deps.tokenTtlSeconds) {
    throw new ValidationError("ttl_seconds", `must be between 0 and ${deps.tokenTtlSeconds}`);
  }
  const head = await deps.audit.head(req.audience);
  const now = deps.clock.now();
  const jti = newId("dt", now);
  const signed = signDecisionToken(deps.signingKey, {
    issuer: deps.issuer,
    audience: req.audience,
    subject: req.subject,
    jti,
    now,
    ttlSeconds: req.ttlSeconds || deps.tokenTtlSeconds,
    claims: { ...req.claims, audit_head: head && { seq: head.seq, hash: head.hash } },
  });
  return create(SignDecisionResponseSchema, {
    token: signed.token,
    keyId: signed.kid,
    jti,
    expiresAt: timestampFromMs(signed.exp * 1000),
  });
}
