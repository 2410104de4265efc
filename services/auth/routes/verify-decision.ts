import { create, type JsonObject } from "@bufbuild/protobuf";
import {
  VerifyDecisionResponseSchema,
  type VerifyDecisionRequest,
  type VerifyDecisionResponse,
} from "../../../gen/gatehouse/auth/v1/auth_pb.js";
import { publishedSigningKeys } from "../app/published-signing-keys.js";
import { verifyDecisionToken } from "../domain/verify-decision-token.js";
import type { AuthDeps } from "./auth-deps.js";
import { requireCaller } from "../../../lib/rpc/caller.js";

/**
 * VerifyDecision: checks a decision token as a careful client would, against
 * the published keys and with audience = the caller's workspace; then that
 * the decision is "approved" and matches `action` / `payload` when given.
 * A bad token is an answer `{valid: false, reason}`, never an error.
 */
export async function verifyDecision(deps: AuthDeps, req: VerifyDecisionRequest): Promise<VerifyDecisionResponse> {
  const caller = requireCaller(req.caller);
  const now = deps.clock.now();
  const verdict = await verifyDecisionToken(req.token, {
    keys: await publishedSigningKeys(deps.signingKeys, now, deps.tokenTtlSeconds),
    issuer: deps.issuer,
    audience: caller.workspaceId,
    now,
    action: req.action,
    payload: req.payload,
  });
  return verdict.valid
    ? create(VerifyDecisionResponseSchema, { valid: true, claims: verdict.claims as JsonObject })
    : create(VerifyDecisionResponseSchema, { valid: false, reason: verdict.reason });
}
