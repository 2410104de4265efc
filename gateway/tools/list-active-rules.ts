import { z } from "zod";
import { RuleListResponse } from "../rest/schemas/rule.js";
import { defineTool } from "./tool-definition.js";

/** `list_active_rules`: `GET /v1/secure/rules?status=active`. */
export const listActiveRules = defineTool({
  name: "list_active_rules",
  title: "List the active content-safety rules",
  description:
    "List the workspace's active content-safety rules, built-in and custom: the rules check_action applies. " +
    "Each rule shows what it inspects (type and its patterns, categories, tool names or conditions), its action " +
    "(block, flag, log), severity and how often it has matched. Takes no arguments; drafts and archived rules are " +
    "not listed. Backed by GET /v1/secure/rules?status=active; needs the scope secure:rules:read.",
  inputSchema: z.strictObject({}),
  outputSchema: RuleListResponse,
  annotations: { readOnlyHint: true, openWorldHint: false },
  operationId: "listRules",
  toRoute: () => ({ query: { status: "active" } }),
});
