import type { Client } from "@connectrpc/connect";
import type { Caller } from "../../../gen/gatehouse/common/v1/common_pb.js";
import {
  RuleActionSchema,
  RuleTypeSchema,
  ScanTypeSchema,
  SeveritySchema,
  VerdictSchema,
  type SecureService,
} from "../../../gen/gatehouse/secure/v1/secure_pb.js";
import { enumValue, wireName } from "../../../lib/enum-wire.js";
import { UnavailableError } from "../../../lib/errors.js";
import type { Logger } from "../../../lib/logger.js";
import type { GateScanContent, RawGateScan } from "../domain/gate-scan-content.js";
import type { ScanVerdict } from "../domain/gate-scan.js";

/** The part of the secure service's client the govern service uses. */
export type ContentScanningClient = Pick<Client<typeof SecureService>, "scan">;

/** What a gating scan is about besides its text. */
export interface GateScanSubject {
  caller: Caller;
  action: string;
  agentId: string | null;
  agentName: string | null;
}

/**
 * Scans a checkpoint's content for its gated policies with the secure
 * service: a `tool_call` scan whose tool name is the checkpoint's action (so
 * `tool_call` rules naming the action apply, as do prompt and inbound data
 * rules), for the checkpoint's agent, with DSL context `{source: "checkpoint",
 * action}`. It is a use of the rules, not a preview: matching rules' trigger
 * counts move. Any failure, or no secure service configured, is a 503
 * UNAVAILABLE: a gated checkpoint is never decided unscanned.
 */
export async function scanForGate(
  secure: ContentScanningClient | undefined,
  subject: GateScanSubject,
  layout: GateScanContent,
  logger: Logger,
): Promise<RawGateScan> {
  if (!secure) throw new UnavailableError("a policy asks for a content scan, and no secure service is configured");
  let res;
  try {
    res = await secure.scan({
      caller: subject.caller,
      content: layout.content,
      scanType: enumValue(ScanTypeSchema, "tool_call"),
      toolName: subject.action,
      agentId: subject.agentId ?? "",
      agentName: subject.agentName ?? "",
      context: { source: "checkpoint", action: subject.action },
    });
  } catch (err) {
    logger.warn({ err }, "the content scan of a gated checkpoint failed");
    throw new UnavailableError("the content scan a policy asks for is unavailable; the checkpoint was not created, try again");
  }
  return {
    scanId: res.scanId,
    verdict: wireName(VerdictSchema, res.verdict) as ScanVerdict,
    ruleSetVersion: res.ruleSetVersion,
    matches: res.matches.map((m) => ({
      ruleId: m.ruleId,
      ruleName: m.ruleName,
      type: wireName(RuleTypeSchema, m.type) ?? "",
      action: wireName(RuleActionSchema, m.action) ?? "",
      severity: wireName(SeveritySchema, m.severity) ?? "",
      findings: m.findings.map((f) => ({ kind: f.kind, label: f.label, start: f.start, end: f.end, excerpt: f.excerpt })),
    })),
  };
}
