import { ValidationError } from "../../../lib/errors.js";
import { REST_FIELD_NAME, RULE_LIST_FIELDS, type RuleSpec } from "./rule.js";
import type { RuleInput } from "./rule-input.js";
import { validateRuleSpec } from "./validate-rule-spec.js";

const LISTS = new Set<keyof RuleSpec>(RULE_LIST_FIELDS);

/**
 * The spec after an update: only the fields present in `patch` (not
 * undefined) change. A sent list replaces the stored list whole (`[]` or null
 * empties it); null clears `description` and `data_direction` and is refused
 * for every other field, which must keep a value. An empty patch is refused.
 * The result is validated as a whole, activation requirements included;
 * throws `ValidationError`.
 */
export function applyRulePatch(current: RuleSpec, patch: RuleInput): RuleSpec {
  const sent = (Object.keys(patch) as (keyof RuleSpec)[]).filter((k) => patch[k] !== undefined);
  if (sent.length === 0) throw new ValidationError("", "an update must change at least one field");
  const next: RuleSpec = { ...current };
  const target = next as unknown as Record<keyof RuleSpec, unknown>;
  for (const key of sent) {
    if (!Object.hasOwn(REST_FIELD_NAME, key)) throw new ValidationError(String(key), "is not a rule field");
    const value = patch[key];
    // A null that cannot stand (a null name or type) is refused by the validation below.
    if (value === null) {
      target[key] = LISTS.has(key) ? [] : null;
    } else if (LISTS.has(key)) {
      target[key] = Array.isArray(value) ? [...(value as string[])] : value;
    } else {
      target[key] = value;
    }
  }
  return validateRuleSpec(next);
}

