import { create } from "@bufbuild/protobuf";
import {
  RuleActionSchema,
  RuleTypeSchema,
  ScanResponseSchema,
  ScanTypeSchema,
  SeveritySchema,
  VerdictSchema,
  type ScanResponse,
} from "../../../gen/gatehouse/secure/v1/secure_pb.js";
import { enumValue } from "../../../lib/enum-wire.js";
import type { ScanResult } from "../app/scan-engine.js";

/** The wire form of a scan's result under `scanId`. */
export function scanResultToProto(scanId: string, result: ScanResult): ScanResponse {
  return create(ScanResponseSchema, {
    scanId,
    verdict: enumValue(VerdictSchema, result.verdict),
    allowed: result.allowed,
    scanType: enumValue(ScanTypeSchema, result.scanType),
    matches: result.matches.map((m) => ({
      ruleId: m.ruleId,
      ruleName: m.ruleName,
      type: enumValue(RuleTypeSchema, m.type),
      action: enumValue(RuleActionSchema, m.action),
      severity: enumValue(SeveritySchema, m.severity),
      findings: m.findings,
    })),
    durationMs: result.durationMs,
    unevaluated: result.unevaluated,
    redactedContent: result.redactedContent,
    ruleSetVersion: result.ruleSetVersion ?? "",
  });
}
