import type { Policy, PolicySpec } from "./policy.js";

/**
 * The policies of a draft set, for a replay: never stored, so each is
 * identified by its place in the set (`draft_1`, `draft_2`, …), at version 1,
 * made at `now`.
 */
export function draftPolicies(specs: readonly PolicySpec[], workspaceId: string, now: number): Policy[] {
  return specs.map((spec, i) => ({ ...spec, id: `draft_${i + 1}`, workspaceId, version: 1, createdAt: now, updatedAt: now }));
}
