import { ValidationError } from "../../../lib/errors.js";
import type { ResponseMeta } from "../route.js";

/**
 * The `Idempotency-Key` header of a request, "" when absent (the service
 * checks its length). A header that is present but blank is a 400: the
 * client meant to send a key and would otherwise silently lose idempotency.
 */
export function idempotencyKeyOf(headers: Record<string, string | undefined>): string {
  const raw = headers["idempotency-key"];
  if (raw === undefined) return "";
  const v = raw.trim();
  if (v === "") throw new ValidationError("Idempotency-Key", "must not be empty");
  return v;
}

/** Marks an answer as the replay of an earlier request with the same key. */
export function markReplayed(response: ResponseMeta): void {
  response.headers["Idempotent-Replayed"] = "true";
}
