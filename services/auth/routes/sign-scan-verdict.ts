import { create } from "@bufbuild/protobuf";
import { timestampFromMs } from "@bufbuild/protobuf/wkt";
import {
  SignScanVerdictResponseSchema,
  type SignScanVerdictRequest,
  type SignScanVerdictResponse,
} from "../../../gen/gatehouse/auth/v1/auth_pb.js";
import { ValidationError } from "../../../lib/errors.js";
import { newId } from "../../../lib/ids.js";
import { signScanVerdictToken } from "../domain/scan-verdict-token.js";
import type { AuthDeps } from "./auth-deps.js";

const VERDICTS = ["block", "flag", "log", "allow"];
const SCAN_TYPES = ["prompt_input", "tool_call", "output"];

/**
 * SignScanVerdict: an ES256 scan verdict token for scan `scan_id` of
 * workspace `audience` (see `signScanVerdictToken`), with a new `jti`
 * (`sv_…`), `allowed` = the verdict is not block, and the configured token
 * lifetime, so no verdict outlives its key's publication in the JWKS.
 */
export async function signScanVerdict(deps: AuthDeps, req: SignScanVerdictRequest): Promise<SignScanVerdictResponse> {
  if (req.audience === "") throw new ValidationError("audience", "is required");
  if (req.scanId === "") throw new ValidationError("scan_id", "is required");
  if (!VERDICTS.includes(req.verdict)) throw new ValidationError("verdict", `must be one of ${VERDICTS.join(", ")}`);
  if (!SCAN_TYPES.includes(req.scanType)) throw new ValidationError("scan_type", `must be one of ${SCAN_TYPES.join(", ")}`);
  if (req.contentSha256 === "") throw new ValidationError("content_sha256", "is required");
  const now = deps.clock.now();
  const signed = signScanVerdictToken(deps.signingKey, {
    issuer: deps.issuer,
    audience: req.audience,
    scanId: req.scanId,
    jti: newId("sv", now),
    now,
    ttlSeconds: deps.tokenTtlSeconds,
    verdict: req.verdict,
    allowed: req.verdict !== "block",
    contentSha256: req.contentSha256,
    scanType: req.scanType,
    ruleSetVersion: req.ruleSetVersion,
    toolName: req.toolName,
  });
  return create(SignScanVerdictResponseSchema, { token: signed.token, keyId: signed.kid, expiresAt: timestampFromMs(signed.exp * 1000) });
}
