import { create } from "@bufbuild/protobuf";
import {
  AuthorizeOutcome,
  AuthorizeResponseSchema,
  type AuthorizeRequest,
  type AuthorizeResponse,
} from "../../../gen/gatehouse/auth/v1/auth_pb.js";
import { CallerSchema } from "../../../gen/gatehouse/common/v1/common_pb.js";
import { authenticateKey } from "../app/authenticate-key.js";
import { anonymousClientId, isIpAllowed } from "../domain/ip-allow-list.js";
import { ANONYMOUS_POLICY, KEY_POLICY } from "../domain/rate-limit-policy.js";
import { missingScope } from "../domain/scope-check.js";
import type { AuthDeps } from "./auth-deps.js";
import { rateLimitState } from "./rate-limit-state.js";

/**
 * Authorize: admits one gateway request. Denials are answers, never errors:
 * 1. no live key for the secret, or the client address outside the key's
 *    non-empty allow-list → UNAUTHENTICATED, metered per client address
 *    ("anonymous" policy; over it → RATE_LIMITED without a caller);
 * 2. metered per key ("default" policy) → RATE_LIMITED with the caller;
 * 3. required scope not held → FORBIDDEN naming it, with the caller;
 * 4. otherwise ALLOWED with the caller.
 * `rate_limit` is always set. A revocation on any replica applies to the
 * next request (within the bus's delivery time when keys are cached).
 */
export async function authorize(deps: AuthDeps, req: AuthorizeRequest): Promise<AuthorizeResponse> {
  const key = await authenticateKey(deps.keys, req.apiKey, deps.clock.now());
  if (!key || !isIpAllowed(req.clientIp, key.allowedIps)) {
    const verdict = await deps.rateLimiter.admit(ANONYMOUS_POLICY, anonymousClientId(req.clientIp));
    return create(AuthorizeResponseSchema, {
      outcome: verdict.allowed ? AuthorizeOutcome.UNAUTHENTICATED : AuthorizeOutcome.RATE_LIMITED,
      rateLimit: rateLimitState(verdict),
    });
  }
  const caller = create(CallerSchema, {
    workspaceId: key.workspaceId,
    keyId: key.id,
    subject: key.subject,
    scopes: key.scopes,
  });
  const verdict = await deps.rateLimiter.admit(KEY_POLICY, key.id);
  const rateLimit = rateLimitState(verdict);
  if (!verdict.allowed) return create(AuthorizeResponseSchema, { outcome: AuthorizeOutcome.RATE_LIMITED, caller, rateLimit });
  const missing = missingScope(key.scopes, req.requiredScope.trim());
  if (missing !== null) {
    return create(AuthorizeResponseSchema, { outcome: AuthorizeOutcome.FORBIDDEN, caller, rateLimit, missingScope: missing });
  }
  return create(AuthorizeResponseSchema, { outcome: AuthorizeOutcome.ALLOWED, caller, rateLimit });
}
