import type { Rule, RuleSpec } from "./rule.js";

/** A rule the service ships in every workspace. */
export interface BuiltInRule {
  id: string;
  spec: Readonly<RuleSpec>;
}

function builtIn(id: string, fields: Pick<RuleSpec, "name" | "description" | "type" | "severity" | "patternLibraryIds">): BuiltInRule {
  return {
    id,
    spec: {
      action: "flag",
      status: "active",
      appliesToAll: true,
      agentIds: [],
      dataDirection: null,
      customPatterns: [],
      toolNames: [],
      dataCategories: [],
      dataDescriptions: [],
      dslStatements: [],
      ...fields,
    },
  };
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
  return BUILT_IN_RULES.map((r) => ({
    ...r.spec,
    agentIds: [...r.spec.agentIds],
    customPatterns: [...r.spec.customPatterns],
    toolNames: [...r.spec.toolNames],
    dataCategories: [...r.spec.dataCategories],
    dataDescriptions: [...r.spec.dataDescriptions],
    dslStatements: [...r.spec.dslStatements],
    patternLibraryIds: [...r.spec.patternLibraryIds],
    id: r.id,
    workspaceId,
    isBuiltIn: true,
    triggerCount: 0,
    lastTriggeredAt: null,
    version: 1,
    createdAt: now,
    updatedAt: now,
  }));
}
