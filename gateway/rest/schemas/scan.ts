import { z } from "zod";
import { ScanTypeSchema, VerdictSchema } from "../../../gen/gatehouse/secure/v1/secure_pb.js";
import { enumOf } from "./common.js";
import { CreateRuleBody, RuleAction, RuleType, Severity } from "./rule.js";

export const ScanType = enumOf(ScanTypeSchema);

/** `POST /v1/secure/scan` body. */
export const ScanBody = z
  .strictObject({
    content: z.string().describe("The text to scan: a prompt, a tool call's arguments, or an output."),
    scan_type: ScanType.optional().describe("prompt_input (default), tool_call or output."),
    tool_name: z.string().optional().describe("Required when scan_type is tool_call."),
    agent_id: z.string().optional(),
    agent_name: z.string().optional(),
    context: z.record(z.string(), z.unknown()).optional().describe("Extra facts for policy_dsl rules."),
    redact: z.boolean().optional().describe("Return redacted_content with consistent placeholders (<EMAIL_1>)."),
    sign: z
      .boolean()
      .optional()
      .describe("Return verdict_token: an ES256 JWT (same keys as decision tokens) binding scan_id, verdict, the content's SHA-256, scan_type and rule_set_version."),
  })
  .meta({ id: "ScanRequest" });
export type ScanBody = z.infer<typeof ScanBody>;

/** `POST /v1/secure/rules/{id}/try` body: sample content for one rule. */
export const TryRuleBody = z
  .strictObject({
    content: z.string().describe("Sample text to try the rule on."),
    scan_type: ScanType.optional().describe("prompt_input (default), tool_call or output."),
    tool_name: z.string().optional().describe("Required when scan_type is tool_call."),
    context: z.record(z.string(), z.unknown()).optional().describe("Extra facts for policy_dsl rules."),
  })
  .meta({ id: "TryRuleRequest" });
export type TryRuleBody = z.infer<typeof TryRuleBody>;

/** One rule that matched, with what it found (masked). */
const RuleMatchObject = z.object({
  rule_id: z.string(),
  rule_name: z.string(),
  type: RuleType,
  action: RuleAction,
  severity: Severity,
  findings: z.array(
    z.object({
      kind: z.string(),
      label: z.string(),
      start: z.number().int(),
      end: z.number().int(),
      excerpt: z.string(),
      layer: z
        .enum(["heuristic", "classifier"])
        .optional()
        .describe("Prompt-injection findings only: the detection layer that fired, a phrase pattern or the trained classifier."),
      score: z.number().min(0).max(1).optional().describe("Prompt-injection findings only: the layer's confidence, 0..1 (1 for a heuristic match)."),
    }),
  ),
});

export const ScanResponse = z
  .object({
    scan_id: z.string(),
    verdict: enumOf(VerdictSchema),
    allowed: z.boolean(),
    scan_type: ScanType,
    matches: z.array(RuleMatchObject),
    unevaluated: z.array(
      z.object({ rule_id: z.string(), rule_name: z.string(), data_descriptions: z.array(z.string()), reason: z.string() }),
    ),
    duration_ms: z.number(),
    redacted_content: z.string().optional(),
    rule_set_version: z.string().optional().describe("Version of the workspace's rule set the scan used (absent for a rule's trial)."),
    verdict_token: z.string().optional().describe("Signed verdict (ES256 JWT, typ gatehouse-scan-verdict+jwt), when the request asked to sign."),
  })
  .meta({ id: "ScanVerdict" });

/** `POST /v1/secure/verdict-tokens/verify` body. */
export const VerifyVerdictBody = z
  .strictObject({
    token: z.string().describe("The verdict_token of a signed scan."),
    content: z.string().optional().describe("The content you hold: when sent, it must be the content that was scanned (content_sha256)."),
  })
  .meta({ id: "VerifyVerdictRequest" });

export const VerifyVerdictResponse = z
  .object({
    valid: z.boolean().describe("Authentic, of this workspace, unexpired, and about this content when content was sent."),
    reason: z.string().optional(),
    claims: z
      .record(z.string(), z.unknown())
      .optional()
      .describe("iss, aud, sub (scan id), jti, iat, exp, verdict, allowed, content_sha256, scan_type, rule_set_version, tool_name."),
  })
  .meta({ id: "VerifyVerdictResponse" });
export type ScanResponse = z.infer<typeof ScanResponse>;

/** `POST /v1/secure/rules/test` body: the rule to rehearse (stored or unsaved) and sample content. */
export const RuleTestBody = z
  .strictObject({
    rule_id: z.string().min(1).max(200).optional().describe("A stored rule of any status (draft, active, archived, built in). Send this or rule."),
    rule: CreateRuleBody.optional().describe("An unsaved rule, validated exactly like a create body. Send this or rule_id."),
    content: z.string().describe("Sample text to run the rule on."),
    scan_type: ScanType.optional().describe("prompt_input (default), tool_call or output."),
    tool_name: z.string().optional().describe("Required when scan_type is tool_call."),
    context: z.record(z.string(), z.unknown()).optional().describe("Extra facts for policy_dsl rules."),
  })
  .meta({ id: "RuleTestRequest" });
export type RuleTestBody = z.infer<typeof RuleTestBody>;

/**
 * `POST /v1/secure/rules/test` answer: what a scan would return with the rule
 * as the only active rule, without a `scan_id` (no scan happened, nothing was
 * counted); the matches of an unsaved rule have `rule_id` null.
 */
export const RuleTestResponse = ScanResponse.omit({ scan_id: true, redacted_content: true })
  .extend({ matches: z.array(RuleMatchObject.extend({ rule_id: z.string().nullable() })) })
  .meta({ id: "RuleTestVerdict" });
export type RuleTestResponse = z.infer<typeof RuleTestResponse>;
