import {
  RuleActionSchema,
  RuleTypeSchema,
  type ScanResponse as ScanResponseMessage,
  ScanTypeSchema,
  SeveritySchema,
  VerdictSchema,
} from "../../../gen/gatehouse/secure/v1/secure_pb.js";
import { wireName } from "../../../lib/enum-wire.js";
import type { RuleTestResponse, ScanResponse } from "../schemas/scan.js";

/** The REST scan verdict of a scan's answer (a scan's or a rule trial's). */
export function scanVerdictView(res: ScanResponseMessage): ScanResponse {
  return {
    scan_id: res.scanId,
    verdict: wireName(VerdictSchema, res.verdict)!,
    allowed: res.allowed,
    scan_type: wireName(ScanTypeSchema, res.scanType)!,
    matches: res.matches.map((m) => ({
      rule_id: m.ruleId,
      rule_name: m.ruleName,
      type: wireName(RuleTypeSchema, m.type)!,
      action: wireName(RuleActionSchema, m.action)!,
      severity: wireName(SeveritySchema, m.severity)!,
      findings: m.findings.map((f) => ({
        kind: f.kind,
        label: f.label,
        start: f.start,
        end: f.end,
        excerpt: f.excerpt,
        ...(f.layer === "heuristic" || f.layer === "classifier" ? { layer: f.layer } : {}),
        ...(f.score !== undefined ? { score: f.score } : {}),
      })),
    })),
    unevaluated: res.unevaluated.map((u) => ({
      rule_id: u.ruleId,
      rule_name: u.ruleName,
      data_descriptions: u.dataDescriptions,
      reason: u.reason,
    })),
    duration_ms: res.durationMs,
    ...(res.redactedContent !== undefined ? { redacted_content: res.redactedContent } : {}),
    ...(res.ruleSetVersion !== "" ? { rule_set_version: res.ruleSetVersion } : {}),
    ...(res.verdictToken !== undefined ? { verdict_token: res.verdictToken } : {}),
  };
}

/** The REST answer of a rule rehearsal: the verdict without a scan ID; an unsaved rule's matches name no rule ID. */
export function ruleTestView(res: ScanResponseMessage): RuleTestResponse {
  const { scan_id: _none, redacted_content: _never, matches, ...verdict } = scanVerdictView(res);
  return { ...verdict, matches: matches.map((m) => ({ ...m, rule_id: m.rule_id === "" ? null : m.rule_id })) };
}
