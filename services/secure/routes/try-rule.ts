import { create } from "@bufbuild/protobuf";
import {
  ScanTypeSchema,
  TryRuleResponseSchema,
  type TryRuleRequest,
  type TryRuleResponse,
} from "../../../gen/gatehouse/secure/v1/secure_pb.js";
import { NotFoundError } from "../../../lib/errors.js";
import { newId } from "../../../lib/ids.js";
import { workspaceOf } from "../../../lib/rpc/caller.js";
import { rehearseRule } from "../domain/scan/rehearse-rule.js";
import { validateScanInput } from "../domain/scan/scan-input.js";
import type { ScanType } from "../domain/scan/scan-types.js";
import { scanResultToProto } from "./scan-result-to-proto.js";
import type { SecureDeps } from "./secure-deps.js";
import { wireEnum } from "./wire-enum.js";

/**
 * `TryRule`: one rule of the caller's workspace (a draft, an archived or an
 * active one) against sample content, as if it were the only active rule and
 * applied to every agent — what its author needs to see before activating
 * it. The content is validated like a scan's (400 naming the field); an
 * unknown rule is a 404. Nothing moves: no trigger is counted, no plan of
 * the workspace is touched, nothing is stored.
 */
export function tryRule(deps: SecureDeps) {
  return async (req: TryRuleRequest): Promise<TryRuleResponse> => {
    const rule = await deps.rules.get(workspaceOf(req.caller), req.id);
    if (!rule) throw new NotFoundError("rule", req.id);
    const input = validateScanInput({
      content: req.content,
      scanType: wireEnum<ScanType>(ScanTypeSchema, req.scanType, "scan_type"),
      toolName: req.toolName,
      agentId: "",
      agentName: "",
      context: req.context ?? null,
      redact: false,
    });
    const started = performance.now();
    const outcome = rehearseRule(rule, input);
    const result = scanResultToProto(newId("scan", deps.clock.now()), { ...outcome, durationMs: performance.now() - started });
    return create(TryRuleResponseSchema, { result });
  };
}
