import { ValidationError } from "../../../lib/errors.js";

/**
 * A required string field: not blank and at most `max` characters (counted as
 * Unicode code points). Returns it unchanged; throws a ValidationError naming `field`.
 */
export function requiredText(field: string, value: string, max: number): string {
  if (value.trim() === "") throw new ValidationError(field, "is required");
  return optionalText(field, value, max)!;
}

/**
 * An optional string field: absent and empty both become null; otherwise at
 * most `max` characters.
 */
export function optionalText(field: string, value: string | null | undefined, max: number): string | null {
  if (value === undefined || value === null || value === "") return null;
  if ([...value].length > max) throw new ValidationError(field, `must be at most ${max} characters`);
  return value;
}

/**
 * A list of non-blank strings of at most `maxLength` characters each and at
 * most `maxEntries` entries; duplicates are dropped, first occurrence kept.
 */
export function textList(field: string, values: readonly string[], maxEntries: number, maxLength: number): string[] {
  if (values.length > maxEntries) throw new ValidationError(field, `must have at most ${maxEntries} entries`);
  const out: string[] = [];
  values.forEach((v, i) => {
    if (v.trim() === "") throw new ValidationError(`${field}[${i}]`, "must not be empty");
    if ([...v].length > maxLength) throw new ValidationError(`${field}[${i}]`, `must be at most ${maxLength} characters`);
    if (!out.includes(v)) out.push(v);
  });
  return out;
}

/** An optional whole number within [min, max]; null when absent. */
export function optionalInteger(field: string, value: number | null | undefined, min: number, max: number): number | null {
  if (value === undefined || value === null) return null;
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ValidationError(field, `must be an integer from ${min} to ${max}`);
  }
  return value;
}
