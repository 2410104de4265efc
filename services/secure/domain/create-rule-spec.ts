import { ValidationError } from "../../../lib/errors.js";
import type { RuleSpec } from "./rule.js";
import type { RuleInput } from "./rule-input.js";
import { validateRuleSpec } from "./validate-rule-spec.js";

/**
 * The spec of a new rule from a create request: `name` and `type` are
 * required; `action` defaults to flag, `severity` and `detection_sensitivity` to medium, `status` to
 * draft, `applies_to_all` to true; absent lists are empty and absent
 * `description` / `data_direction` are null. The result is validated as a
 * whole (see `validateRuleSpec`); throws `ValidationError` otherwise.
 */
export function createRuleSpec(input: RuleInput): RuleSpec {
  if (typeof input.name !== "string" || input.name.trim() === "") throw new ValidationError("name", "is required");
  if (input.type === undefined || input.type === null) throw new ValidationError("type", "is required");
  return validateRuleSpec({
    name: input.name ?? "",
    description: input.description ?? null,
    type: input.type,
    action: input.action ?? "flag",
    severity: input.severity ?? "medium",
    status: input.status ?? "draft",
    appliesToAll: input.appliesToAll ?? true,
    agentIds: input.agentIds ?? [],
    dataDirection: input.dataDirection ?? null,
    customPatterns: input.customPatterns ?? [],
    toolNames: input.toolNames ?? [],
    dataCategories: input.dataCategories ?? [],
    dataDescriptions: input.dataDescriptions ?? [],
    dslStatements: input.dslStatements ?? [],
    patternLibraryIds: input.patternLibraryIds ?? [],
    detectionSensitivity: input.detectionSensitivity ?? "medium",
  });
}
