import { IdParams } from "../rest/schemas/common.js";
import { RuleResponse, UpdateRuleBody } from "../rest/schemas/rule.js";
import { defineTool } from "./tool-definition.js";

/** `update_rule`: `PATCH /v1/secure/rules/{id}`, `id` plus any `create_rule` field. */
export const updateRule = defineTool({
  name: "update_rule",
  title: "Change a content-safety rule",
  description:
    "Change a rule: id (required) plus at least one field to change. Only the fields sent change; a list field " +
    "(custom_patterns, tool_names, agent_ids, data_categories, data_descriptions, dsl_statements, pattern_library_ids) " +
    "that is sent replaces the whole stored list, and null clears description or data_direction. Activate a tested " +
    "draft with status active; archive a rule with status archived. Built-in rules cannot be changed. Returns the " +
    "updated rule with its new version. Backed by PATCH /v1/secure/rules/{id}; needs the scope secure:rules:write.",
  inputSchema: UpdateRuleBody.extend({ id: IdParams.shape.id.describe("ID of the rule to change.") }),
  outputSchema: RuleResponse,
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  operationId: "updateRule",
  toRoute: ({ id, ...fields }) => ({ params: { id }, body: fields }),
});
