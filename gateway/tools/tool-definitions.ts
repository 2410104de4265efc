import { checkAction } from "./check-action.js";
import { createRule } from "./create-rule.js";
import { getApprovalStatus } from "./get-approval-status.js";
import { listActivePolicies } from "./list-active-policies.js";
import { listActiveRules } from "./list-active-rules.js";
import { requestApproval } from "./request-approval.js";
import type { ToolDefinition } from "./tool-definition.js";
import { updateRule } from "./update-rule.js";

/** The seven tools of the spec's "Tool server" table, in its order. */
export const TOOL_DEFINITIONS: readonly ToolDefinition[] = [
  checkAction,
  listActiveRules,
  createRule,
  updateRule,
  requestApproval,
  getApprovalStatus,
  listActivePolicies,
];
