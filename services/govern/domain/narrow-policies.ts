import type { Policy } from "./policy.js";

/**
 * The policies a checkpoint is evaluated against: all of `active` when it
 * names neither policies nor groups, else those whose ID is in `policyIds`
 * or whose groups intersect `policyGroupIds` (the union of both).
 */
export function narrowPolicies(active: readonly Policy[], policyIds: readonly string[], policyGroupIds: readonly string[]): Policy[] {
  if (policyIds.length === 0 && policyGroupIds.length === 0) return [...active];
  const ids = new Set(policyIds);
  const groups = new Set(policyGroupIds);
  return active.filter((p) => ids.has(p.id) || p.groupIds.some((g) => groups.has(g)));
}
