import { type ScanResponse, ScanTypeSchema } from "../../../gen/gatehouse/secure/v1/secure_pb.js";
import type { Rule } from "../domain/rule.js";
import { rehearseRule } from "../domain/scan/rehearse-rule.js";
import { validateScanInput } from "../domain/scan/scan-input.js";
import type { ScanType } from "../domain/scan/scan-types.js";
import { scanResultToProto } from "./scan-result-to-proto.js";
import { wireEnum } from "./wire-enum.js";

/** The sample a rule is rehearsed on, as `TryRule` and `TestRule` receive it. */
export interface SampleRequest {
  content: string;
  scanType: number;
  toolName: string;
  context?: Readonly<Record<string, unknown>>;
}

/**
 * `rule` alone against the sample, validated like a scan's content (a 400
 * naming the field), as the scan result `scanId` names. Nothing is counted
 * or stored: see `rehearseRule`.
 */
export function rehearseOnSample(rule: Rule, req: SampleRequest, scanId: string): ScanResponse {
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
  return scanResultToProto(scanId, { ...outcome, durationMs: performance.now() - started });
}
