import { createRuleSpec } from "./create-rule-spec.js";
import { newRule } from "./new-rule.js";
import type { Rule, RuleSpec } from "./rule.js";

/** A rule the service ships in every workspace. */
export interface BuiltInRule {
  id: string;
  spec: Readonly<RuleSpec>;
}

function builtIn(id: string, fields: Pick<RuleSpec, "name" | "description" | "type" | "severity" | "patternLibraryIds">): BuiltInRule {
  // Through the same defaults and validation as a user's rule: a built-in that
  // would not validate fails at load, not in a scan.
  return { id, spec: createRuleSpec({ ...fields, action: "flag", status: "active", appliesToAll: true }) };
}

/**
 * The built-in rules, in the order they are listed. Every one is active,
 * flags, applies to every agent and cannot be edited; each workspace holds its
 * own copy so that its trigger counts are its own.
 */
export const BUILT_IN_RULES: readonly BuiltInRule[] = [
  builtIn("rule_builtin_prompt_injection", {
    name: "Prompt injection",
    description: "Flags attempts to override, extract or smuggle instructions to the model.",
    type: "prompt_pattern",
    severity: "high",
    patternLibraryIds: ["prompt_injection"],
  }),
  builtIn("rule_builtin_secrets", {
    name: "Secrets and credentials",
    description: "Flags API keys, access tokens, private keys and other credentials.",
    type: "data_pattern",
    severity: "critical",
    patternLibraryIds: ["secrets"],
  }),
  builtIn("rule_builtin_pii", {
    name: "Personal data",
    description: "Flags personally identifiable information such as e-mail addresses, phone and card numbers.",
    type: "data_pattern",
    severity: "medium",
    patternLibraryIds: ["pii"],
  }),
];

/** The position of a built-in rule in `BUILT_IN_RULES`, or -1 for any other ID; it orders listings. */
export function builtInRank(id: string): number {
  return BUILT_IN_RULES.findIndex((r) => r.id === id);
}

/** The built-in rules as stored in `workspaceId`, materialised at `now` (version 1, never triggered). */
export function builtInRulesFor(workspaceId: string, now: number): Rule[] {
  // Each workspace gets its own copy of the lists, never an object shared with another.
  return BUILT_IN_RULES.map((r) => ({ ...newRule(structuredClone(r.spec), { id: r.id, workspaceId }, now), isBuiltIn: true }));
}
