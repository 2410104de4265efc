import type { RuleSpec } from "./rule.js";

/**
 * Rule fields as a caller sent them: a field left undefined was not sent;
 * `null` was sent as null (it clears `description` and `data_direction`,
 * empties a list, and is refused for fields that cannot be empty).
 */
export type RuleInput = { [K in keyof RuleSpec]?: RuleSpec[K] | null };
