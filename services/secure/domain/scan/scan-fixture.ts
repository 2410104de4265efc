import { createRuleSpec } from "../create-rule-spec.js";
import { newRule } from "../new-rule.js";
import type { Rule } from "../rule.js";
import { compileScanPlan, type ScanPlan } from "./compile-scan-plan.js";
import { executeScan, type ScanExecution } from "./execute-scan.js";
import type { ScanInput } from "./scan-types.js";

/** An active rule for engine tests: a data_pattern rule flagging every agent, with `overrides`. */
export function aRule(id: string, overrides: Partial<Rule> = {}): Rule {
  const spec = { ...createRuleSpec({ name: `rule ${id}`, type: "data_pattern" }), status: "active" as const };
  return { ...newRule(spec, { id, workspaceId: "ws_test" }, 0), ...overrides };
}

/** A prompt_input scan input of `content`, with `overrides`. */
export function anInput(content: string, overrides: Partial<ScanInput> = {}): ScanInput {
  return { content, scanType: "prompt_input", toolName: "", agentId: "", agentName: "", context: {}, redact: false, ...overrides };
}

const planOfCategory = new Map<string, ScanPlan>();

/** The values a single data category finds in `text` (normalised), for detector tests. */
export function detectIn(category: string, text: string): string[] {
  let plan = planOfCategory.get(category);
  if (!plan) {
    plan = compileScanPlan([aRule(`only_${category}`, { dataCategories: [category] })]);
    planOfCategory.set(category, plan);
  }
  return scan(plan, text).matches.flatMap((m) => m.findings.map((f) => text.slice(f.start, f.end)));
}

/** Runs `text` against `plan` as a prompt_input scan with `overrides`. */
export function scan(plan: ScanPlan, text: string, overrides: Partial<ScanInput> = {}): ScanExecution {
  return executeScan(plan, anInput(text, overrides));
}
