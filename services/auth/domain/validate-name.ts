import { ValidationError } from "../../../lib/errors.js";

/** Longest display name (workspace or key), in characters. */
export const MAX_NAME_LENGTH = 200;

/**
 * Returns `value` trimmed; throws a ValidationError naming `field` when it is
 * empty after trimming or longer than `max` characters (code points).
 */
export function validateName(field: string, value: string | undefined, max: number = MAX_NAME_LENGTH): string {
  const trimmed = (value ?? "").trim();
  if (trimmed === "") throw new ValidationError(field, "is required");
  if ([...trimmed].length > max) throw new ValidationError(field, `must be at most ${max} characters`);
  return trimmed;
}
