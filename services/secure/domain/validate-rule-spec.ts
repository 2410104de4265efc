import { ValidationError } from "../../../lib/errors.js";
import { findCategory, findLibrary } from "./catalog.js";
import { compilePattern, PatternError } from "./compile-pattern.js";
import { checkDslStatement } from "./dsl-environment.js";
import { DATA_DIRECTIONS, DETECTION_SENSITIVITIES, REST_FIELD_NAME, RULE_ACTIONS, RULE_LIST_FIELDS, RULE_STATUSES, RULE_TYPES, type RuleListField, type RuleSpec, SEVERITIES } from "./rule.js";

/** Longest rule name, in characters, after trimming. */
export const MAX_NAME_LENGTH = 200;
/** Longest description, in characters. */
export const MAX_DESCRIPTION_LENGTH = 2000;
/** Most items a list field may hold. */
export const MAX_LIST_ITEMS = 500;
/** Longest item of a list field, in characters. */
export const MAX_LIST_ITEM_LENGTH = 1000;

/**
 * Validates a whole rule spec and returns it normalised (name trimmed).
 * Everything sent must be usable: patterns compile under RE2, DSL statements
 * compile as boolean CEL, categories and libraries exist in the catalogue.
 * An `active` rule must also hold what its type inspects, and a rule that does
 * not apply to every agent must name its agents. Throws `ValidationError`
 * naming the REST field (`custom_patterns[2]`) of the first problem found.
 */
export function validateRuleSpec(spec: RuleSpec): RuleSpec {
  const name = typeof spec.name === "string" ? spec.name.trim() : "";
  if (name === "") throw new ValidationError("name", "is required");
  if (name.length > MAX_NAME_LENGTH) throw new ValidationError("name", `must be at most ${MAX_NAME_LENGTH} characters`);
  if (spec.description !== null) {
    if (typeof spec.description !== "string") throw new ValidationError("description", "must be a string or null");
    if (spec.description.length > MAX_DESCRIPTION_LENGTH) {
      throw new ValidationError("description", `must be at most ${MAX_DESCRIPTION_LENGTH} characters`);
    }
  }
  oneOf("type", spec.type, RULE_TYPES);
  oneOf("action", spec.action, RULE_ACTIONS);
  oneOf("severity", spec.severity, SEVERITIES);
  oneOf("status", spec.status, RULE_STATUSES);
  oneOf("detection_sensitivity", spec.detectionSensitivity, DETECTION_SENSITIVITIES);
  if (spec.dataDirection !== null) oneOf("data_direction", spec.dataDirection, DATA_DIRECTIONS);
  if (typeof spec.appliesToAll !== "boolean") throw new ValidationError("applies_to_all", "must be true or false");
  for (const field of RULE_LIST_FIELDS) checkListShape(field, spec[field]);

  spec.customPatterns.forEach((p, i) => {
    try {
      compilePattern(p);
    } catch (err) {
      if (err instanceof PatternError) throw new ValidationError(`custom_patterns[${i}]`, err.message);
      throw err;
    }
  });
  spec.dataCategories.forEach((c, i) => {
    if (!findCategory(c)) throw new ValidationError(`data_categories[${i}]`, `unknown data category ${JSON.stringify(c)}`);
  });
  spec.patternLibraryIds.forEach((l, i) => {
    if (!findLibrary(l)) throw new ValidationError(`pattern_library_ids[${i}]`, `unknown pattern library ${JSON.stringify(l)}`);
  });
  spec.dslStatements.forEach((s, i) => {
    const problem = checkDslStatement(s);
    if (problem !== null) throw new ValidationError(`dsl_statements[${i}]`, `does not compile: ${problem}`);
  });

  if (!spec.appliesToAll && spec.agentIds.length === 0) {
    throw new ValidationError("agent_ids", "must name at least one agent when applies_to_all is false");
  }
  if (spec.status === "active") checkActivation(spec);
  return { ...spec, name };
}

/** Refuses an `active` rule that lacks what its type inspects. */
function checkActivation(spec: RuleSpec): void {
  switch (spec.type) {
    case "prompt_pattern":
      if (spec.customPatterns.length === 0 && spec.patternLibraryIds.length === 0) {
        throw new ValidationError("custom_patterns", "an active prompt_pattern rule needs custom_patterns or pattern_library_ids");
      }
      return;
    case "data_pattern":
      if (
        spec.customPatterns.length === 0 &&
        spec.dataCategories.length === 0 &&
        spec.dataDescriptions.length === 0 &&
        spec.patternLibraryIds.length === 0
      ) {
        throw new ValidationError(
          "custom_patterns",
          "an active data_pattern rule needs custom_patterns, data_categories, data_descriptions or pattern_library_ids",
        );
      }
      return;
    case "tool_call":
      if (spec.toolNames.length === 0) throw new ValidationError("tool_names", "an active tool_call rule needs tool_names");
      return;
    case "policy_dsl":
      if (spec.dslStatements.length === 0) {
        throw new ValidationError("dsl_statements", "an active policy_dsl rule needs at least one statement");
      }
      return;
  }
}

function oneOf<T extends string>(field: string, value: unknown, allowed: readonly T[]): void {
  if (!allowed.includes(value as T)) throw new ValidationError(field, `must be one of ${allowed.join(", ")}`);
}

function checkListShape(field: RuleListField, list: unknown): void {
  const rest = REST_FIELD_NAME[field];
  if (!Array.isArray(list)) throw new ValidationError(rest, "must be a list of strings");
  if (list.length > MAX_LIST_ITEMS) throw new ValidationError(rest, `must hold at most ${MAX_LIST_ITEMS} items`);
  list.forEach((item: unknown, i) => {
    if (typeof item !== "string") throw new ValidationError(`${rest}[${i}]`, "must be a string");
    if (item.trim() === "") throw new ValidationError(`${rest}[${i}]`, "must not be blank");
    if (item.length > MAX_LIST_ITEM_LENGTH) {
      throw new ValidationError(`${rest}[${i}]`, `must be at most ${MAX_LIST_ITEM_LENGTH} characters`);
    }
  });
}
