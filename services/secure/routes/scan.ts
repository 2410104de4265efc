import { fromBinary, toBinary, toJson, type JsonObject } from "@bufbuild/protobuf";
import {
  ScanRequestSchema,
  ScanResponseSchema,
  ScanTypeSchema,
  type ScanRequest,
  type ScanResponse,
} from "../../../gen/gatehouse/secure/v1/secure_pb.js";
import { runIdempotent } from "../../../lib/idempotency/index.js";
import { newId } from "../../../lib/ids.js";
import { validateScanInput } from "../domain/scan/scan-input.js";
import type { ScanType } from "../domain/scan/scan-types.js";
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
 * request is a `preview`. With an
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
  return scanResultToProto(newId("scan", deps.clock.now()), result);
}

// What the idempotency key is bound to: the request as the client sent it,
// without who sent it or the key itself.
function requestBody(req: ScanRequest): JsonObject {
  const json = toJson(ScanRequestSchema, req) as JsonObject;
  delete json.caller;
  delete json.idempotencyKey;
  return json;
}
