import { CreateRuleBody, RuleResponse } from "../rest/schemas/rule.js";
import { defineTool } from "./tool-definition.js";

/** `create_rule`: `POST /v1/secure/rules`, the arguments being the rule create body. */
export const createRule = defineTool({
  name: "create_rule",
  title: "Create a content-safety rule",
  description:
    "Create a content-safety rule; name and type are required. The type decides what the rule inspects and which " +
    "fields it needs to be active: prompt_pattern (custom_patterns or pattern_library_ids), data_pattern " +
    "(custom_patterns, data_categories, data_descriptions or pattern_library_ids, optionally data_direction), " +
    "tool_call (tool_names, as globs) and policy_dsl (dsl_statements, as CEL conditions). A pattern is a " +
    "case-insensitive literal, or /regex/flags in RE2 syntax. Defaults: action flag, severity medium, status draft " +
    "(a draft does not affect scans: test it, then activate it with update_rule status active), applies_to_all true, " +
    "detection_sensitivity medium (how readily the injection_classifier category reports: low, medium or high). " +
    "Returns the created rule. Backed by POST /v1/secure/rules; needs the scope secure:rules:write.",
  // A copy without the REST schema's component name, so the published schema is self-contained.
  inputSchema: CreateRuleBody.extend({}),
  outputSchema: RuleResponse,
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  operationId: "createRule",
  toRoute: (args) => ({ body: args }),
});
