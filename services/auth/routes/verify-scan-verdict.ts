import { create, type JsonObject } from "@bufbuild/protobuf";
import {
  VerifyScanVerdictResponseSchema,
  type VerifyScanVerdictRequest,
  type VerifyScanVerdictResponse,
} from "../../../gen/gatehouse/auth/v1/auth_pb.js";
import { requireCaller } from "../../../lib/rpc/caller.js";
import { publishedSigningKeys } from "../app/published-signing-keys.js";
import { verifyScanVerdictToken } from "../domain/scan-verdict-token.js";
import type { AuthDeps } from "./auth-deps.js";

/**
 * VerifyScanVerdict: checks a scan verdict token against the published keys
 * with audience = the caller's workspace, and against `content` when given
 * (see `verifyScanVerdictToken`). A bad token is an answer `{valid: false,
 * reason}`, never an error.
 */
export async function verifyScanVerdict(deps: AuthDeps, req: VerifyScanVerdictRequest): Promise<VerifyScanVerdictResponse> {
  const caller = requireCaller(req.caller);
  const now = deps.clock.now();
  const verdict = await verifyScanVerdictToken(req.token, {
    keys: await publishedSigningKeys(deps.signingKeys, now, deps.tokenTtlSeconds),
    issuer: deps.issuer,
    audience: caller.workspaceId,
    now,
    content: req.content,
  });
  return verdict.valid
    ? create(VerifyScanVerdictResponseSchema, { valid: true, claims: verdict.claims as JsonObject })
    : create(VerifyScanVerdictResponseSchema, { valid: false, reason: verdict.reason });
}
