import type { Rule, RuleSpec } from "./rule.js";

/**
 * A new user rule from a validated spec: version 1, not built in, never
 * triggered, created and updated at `now`.
 */
export function newRule(spec: RuleSpec, ids: { id: string; workspaceId: string }, now: number): Rule {
  return {
    ...spec,
    id: ids.id,
    workspaceId: ids.workspaceId,
    isBuiltIn: false,
    triggerCount: 0,
    lastTriggeredAt: null,
    version: 1,
    createdAt: now,
    updatedAt: now,
  };
}
