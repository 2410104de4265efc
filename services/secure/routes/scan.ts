import { fromBinary, toBinary, toJson, type JsonObject } from "@bufbuild/protobuf";
import {
  ScanRequestSchema,
  ScanResponseSchema,
  ScanTypeSchema,
  VerdictSchema,
  type ScanRequest,
  type ScanResponse,
} from "../../../gen/gatehouse/secure/v1/secure_pb.js";
import { contentSha256 } from "../../../lib/content-hash.js";
import { UnavailableError } from "../../../lib/errors.js";
import { runIdempotent } from "../../../lib/idempotency/index.js";
import { newId } from "../../../lib/ids.js";
import { validateScanInput } from "../domain/scan/scan-input.js";
import type { ScanInput, ScanType } from "../domain/scan/scan-types.js";
import { wireName } from "../../../lib/enum-wire.js";
import { scanResultToProto } from "./scan-result-to-proto.js";
import type { SecureDeps } from "./secure-deps.js";
import { wireEnum } from "./wire-enum.js";
import { workspaceOf } from "../../../lib/rpc/caller.js";

/**
 * `Scan`: content against the caller's workspace's active rules. `content`
 * is required, and `tool_name` for a `tool_call` scan (400 naming the field).
 * The verdict is the strongest action matched (block > flag > log, else
 * allow); findings carry masked excerpts only; with `redact` the answer holds
 * the content with each found value replaced by a per-value placeholder. Each
 * matching rule's trigger count moves (buffered, not an edit), unless the
 * request is a `preview`. With `sign` the answer carries `verdict_token`,
 * signed by the auth service (see `signVerdict`); if it cannot be signed the
 * scan is a 503, never an unsigned answer. With an
 * `idempotency_key` (scoped to the caller's key) the same request gets the
 * first answer again with `replayed` set and triggers nothing; a different
 * body is a 422, one still running a 409.
 */
export function scan(deps: SecureDeps) {
  return async (req: ScanRequest): Promise<ScanResponse> => {
    const workspaceId = workspaceOf(req.caller);
    const keyId = req.caller?.keyId ?? "";
    const { value, replayed } = await runIdempotent<ScanResponse>({
      store: deps.idempotency,
      clock: deps.clock,
      // Internal callers may have no key; their keys are then scoped to the workspace.
      scope: `${keyId === "" ? workspaceId : keyId}:Scan`,
      key: req.idempotencyKey,
      request: () => requestBody(req),
      run: () => runScan(deps, workspaceId, req),
      encode: (res) => Buffer.from(toBinary(ScanResponseSchema, res)).toString("base64"),
      decode: (stored) => fromBinary(ScanResponseSchema, Buffer.from(stored, "base64")),
      onStoreError: (err) => deps.logger.warn({ err }, "idempotency store write failed"),
    });
    if (replayed) value.replayed = true;
    return value;
  };
}

async function runScan(deps: SecureDeps, workspaceId: string, req: ScanRequest): Promise<ScanResponse> {
  const input = validateScanInput({
    content: req.content,
    scanType: wireEnum<ScanType>(ScanTypeSchema, req.scanType, "scan_type"),
    toolName: req.toolName,
    agentId: req.agentId,
    agentName: req.agentName,
    context: req.context ?? null,
    redact: req.redact,
  });
  const result = await deps.engine.scan(workspaceId, input, { countTriggers: !req.preview });
  const res = scanResultToProto(newId("scan", deps.clock.now()), result);
  if (req.sign) res.verdictToken = await signVerdict(deps, workspaceId, input, res);
  return res;
}

/**
 * The verdict token of a scan: asks the auth service to sign the scan's ID,
 * verdict, scan type, rule-set version (and tool name, for a tool call) with
 * the SHA-256 of the content, for the caller's workspace.
 */
async function signVerdict(deps: SecureDeps, workspaceId: string, input: ScanInput, res: ScanResponse): Promise<string> {
  if (!deps.verdicts) throw new UnavailableError("verdict signing is not configured");
  try {
    const signed = await deps.verdicts.signScanVerdict({
      audience: workspaceId,
      scanId: res.scanId,
      verdict: wireName(VerdictSchema, res.verdict)!,
      contentSha256: contentSha256(input.content),
      scanType: input.scanType,
      ruleSetVersion: res.ruleSetVersion,
      toolName: input.scanType === "tool_call" ? input.toolName : undefined,
    });
    return signed.token;
  } catch (err) {
    deps.logger.warn({ err }, "signing a scan verdict failed");
    throw new UnavailableError("the verdict could not be signed; try again");
  }
}

// What the idempotency key is bound to: the request as the client sent it,
// without who sent it or the key itself.
function requestBody(req: ScanRequest): JsonObject {
  const json = toJson(ScanRequestSchema, req) as JsonObject;
  delete json.caller;
  delete json.idempotencyKey;
  return json;
}
