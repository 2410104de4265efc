import { ValidationError } from "../../../lib/errors.js";
import type { PolicySpec } from "./policy.js";
import type { PolicySpecInput } from "./policy-spec-input.js";
import { validatePolicySpec } from "./validate-policy-spec.js";

/** Field-mask paths an update may name (PolicySpec field names). */
export const POLICY_MASK_PATHS = [
  "name",
  "description",
  "status",
  "group_ids",
  "match",
  "match.actions",
  "match.agent_ids",
  "match.autonomy_levels",
  "match.condition",
  "outcome",
  "quorum",
  "reviewers",
  "timeout_seconds",
  "timeout_outcome",
  "scan",
] as const;

type MaskPath = (typeof POLICY_MASK_PATHS)[number];

/**
 * The spec after an update: the fields named in `paths` come from `patch`
 * (a named optional field that is absent there is cleared or reset to its
 * default), the others stay as in `current`; the result is validated as a
 * whole. Paths are snake_case PolicySpec names (camelCase is accepted too);
 * no path, or an unknown one, is a ValidationError naming `update_mask`.
 */
export function applyPolicyMask(current: PolicySpec, paths: readonly string[], patch: PolicySpecInput): PolicySpec {
  if (paths.length === 0) throw new ValidationError("update_mask", "must name at least one field to change");
  const named = new Set<MaskPath>();
  for (const raw of paths) {
    const path = raw.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
    if (!(POLICY_MASK_PATHS as readonly string[]).includes(path)) {
      throw new ValidationError("update_mask", `${JSON.stringify(raw)} is not a policy field`);
    }
    named.add(path as MaskPath);
  }
  const has = (p: MaskPath) => named.has(p);
  const wholeMatch = has("match");
  if (has("status") && patch.status === null) throw new ValidationError("status", "must be active or inactive");
  const next: PolicySpecInput = {
    name: has("name") ? patch.name : current.name,
    description: has("description") ? patch.description : current.description,
    status: has("status") ? patch.status : current.status,
    groupIds: has("group_ids") ? patch.groupIds : current.groupIds,
    match: {
      actions: wholeMatch || has("match.actions") ? patch.match.actions : current.match.actions,
      agentIds: wholeMatch || has("match.agent_ids") ? patch.match.agentIds : current.match.agentIds,
      autonomyLevels: wholeMatch || has("match.autonomy_levels") ? patch.match.autonomyLevels : current.match.autonomyLevels,
      condition: wholeMatch || has("match.condition") ? patch.match.condition : current.match.condition,
    },
    outcome: has("outcome") ? patch.outcome : current.outcome,
    quorum: has("quorum") ? patch.quorum : current.quorum,
    reviewers: has("reviewers") ? patch.reviewers : current.reviewers,
    timeoutSeconds: has("timeout_seconds") ? patch.timeoutSeconds : current.timeoutSeconds,
    timeoutOutcome: has("timeout_outcome") ? patch.timeoutOutcome : current.timeoutOutcome,
    scan: has("scan") ? patch.scan : current.scan,
  };
  return validatePolicySpec(next);
}
