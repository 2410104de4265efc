import type { StoredOutcome } from "./idempotency-store.js";

/**
 * `outcome` with its absent optional fields dropped, so it can be written as
 * JSON text or a BSON document without `undefined`s turning into nulls.
 */
export function plainStoredOutcome(outcome: StoredOutcome): StoredOutcome {
  if (outcome.kind === "success") return { kind: "success", payload: outcome.payload };
  const plain: StoredOutcome = { kind: "error", code: outcome.code, message: outcome.message };
  if (outcome.field !== undefined) plain.field = outcome.field;
  if (outcome.retryAfterSeconds !== undefined) plain.retryAfterSeconds = outcome.retryAfterSeconds;
  return plain;
}

/**
 * Reads a stored outcome back (a parsed JSON object or a BSON document),
 * checking its shape: a record the store cannot make sense of must fail
 * loudly rather than replay something that was never answered.
 * Throws an `Error` naming the problem.
 */
export function parseStoredOutcome(raw: unknown): StoredOutcome {
  if (typeof raw !== "object" || raw === null) throw new Error("stored idempotency outcome is not an object");
  const o = raw as Record<string, unknown>;
  if (o.kind === "success" && typeof o.payload === "string") return { kind: "success", payload: o.payload };
  if (o.kind === "error" && typeof o.code === "string" && typeof o.message === "string") {
    return plainStoredOutcome({
      kind: "error",
      code: o.code,
      message: o.message,
      field: typeof o.field === "string" ? o.field : undefined,
      retryAfterSeconds: typeof o.retryAfterSeconds === "number" ? o.retryAfterSeconds : undefined,
    });
  }
  throw new Error("stored idempotency outcome has an unknown shape");
}
