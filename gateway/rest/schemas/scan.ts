import { z } from "zod";
import { ScanTypeSchema, VerdictSchema } from "../../../gen/gatehouse/secure/v1/secure_pb.js";
import { enumOf } from "./common.js";
import { RuleAction, RuleType, Severity } from "./rule.js";

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

export const ScanResponse = z
  .object({
    scan_id: z.string(),
    verdict: enumOf(VerdictSchema),
    allowed: z.boolean(),
    scan_type: ScanType,
    matches: z.array(
      z.object({
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
      }),
    ),
    unevaluated: z.array(
      z.object({ rule_id: z.string(), rule_name: z.string(), data_descriptions: z.array(z.string()), reason: z.string() }),
    ),
    duration_ms: z.number(),
    redacted_content: z.string().optional(),
  })
  .meta({ id: "ScanVerdict" });
export type ScanResponse = z.infer<typeof ScanResponse>;
