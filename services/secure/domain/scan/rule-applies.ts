import type { PlannedRule } from "./compile-scan-plan.js";
import type { ScanInput } from "./scan-types.js";

/**
 * Whether a planned (active) rule takes part in a scan: it applies to every
 * agent or names the scan's `agent_id`, and covers the scan type —
 * prompt_pattern and policy_dsl rules every type; data_pattern rules by
 * `data_direction` (inbound: prompt_input and tool_call, outbound: output,
 * both or none: all); tool_call rules only tool_call scans whose `tool_name`
 * matches one of their globs.
 */
export function ruleApplies(rule: PlannedRule, input: Pick<ScanInput, "scanType" | "agentId" | "toolName">): boolean {
  if (rule.agentIds !== null && (input.agentId === "" || !rule.agentIds.has(input.agentId))) return false;
  if (!rule.scanTypes.has(input.scanType)) return false;
  if (rule.rule.type === "tool_call") return matchingGlob(rule, input.toolName) !== undefined;
  return true;
}

/** The position in `tool_names` of the first glob `toolName` matches, or undefined. */
export function matchingGlob(rule: PlannedRule, toolName: string): number | undefined {
  return rule.toolGlobs.find((g) => g.glob.test(toolName))?.index;
}
