import type { z } from "zod";
import { ValidationError } from "../../lib/errors.js";

/**
 * Parses `input` with `schema`; the first problem becomes a `ValidationError`
 * whose message names the field in the REST spelling (`custom_patterns[2]`).
 * `where` prefixes query and header problems (`query.status`).
 */
export function parseWith<T>(schema: z.ZodType<T>, input: unknown, where?: string): T {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  if (issue.code === "unrecognized_keys") {
    const field = fieldName([...issue.path, issue.keys[0]!], where);
    throw new ValidationError(field, "unknown field");
  }
  const field = fieldName(issue.path, where);
  if (input === undefined && issue.path.length === 0) throw new ValidationError(where ?? "body", "a JSON object is required");
  throw new ValidationError(field, issue.message);
}

function fieldName(path: readonly PropertyKey[], where?: string): string {
  let out = where ?? "";
  for (const p of path) {
    if (typeof p === "number") out += `[${p}]`;
    else out += out ? `.${String(p)}` : String(p);
  }
  return out || "body";
}
