/**
 * Typed domain errors. Services throw these; `lib/rpc/error-interceptor.ts`
 * turns them into Connect errors carrying the stable `code`, and the gateway's
 * table turns that code into the REST `{statusCode, code, message}` body.
 * Messages are safe to show to clients: never put secrets or internals in them.
 */

/** Every stable error code the REST API can answer with. */
export const ERROR_CODES = [
  "VALIDATION_ERROR",
  "INVALID_JSON",
  "UNAUTHORIZED",
  "FORBIDDEN",
  "NOT_A_REVIEWER",
  "NOT_FOUND",
  "METHOD_NOT_ALLOWED",
  "PAYLOAD_TOO_LARGE",
  "UNSUPPORTED_MEDIA_TYPE",
  "IDEMPOTENCY_IN_PROGRESS",
  "CHECKPOINT_NOT_PENDING",
  "ALREADY_VOTED",
  "BUILT_IN_RULE_IMMUTABLE",
  "VERSION_MISMATCH",
  "IDEMPOTENCY_KEY_REUSED",
  "RATE_LIMITED",
  "POLL_TOO_FREQUENT",
  "INTERNAL",
  "UNAVAILABLE",
] as const;

/** A stable machine-readable error code. */
export type ErrorCode = (typeof ERROR_CODES)[number];

/** Extra facts an error carries to the client. */
export interface ErrorExtras {
  /** The request field the error is about. */
  field?: string;
  /** Whole seconds the client should wait before retrying. */
  retryAfterSeconds?: number;
}

/** Base class of every error the domain raises on purpose. */
export class GatehouseError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly extras: ErrorExtras = {},
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** A request field is missing or invalid; the message names the field. */
export class ValidationError extends GatehouseError {
  constructor(field: string, problem: string) {
    super("VALIDATION_ERROR", field ? `${field}: ${problem}` : problem, { field });
  }
}

/** The resource does not exist in the caller's workspace. */
export class NotFoundError extends GatehouseError {
  constructor(what: string, id: string) {
    super("NOT_FOUND", `${what} ${JSON.stringify(id)} not found`);
  }
}

/** The caller lacks a scope; the message names it. */
export class ForbiddenError extends GatehouseError {
  constructor(readonly missingScope: string, message = `missing scope ${missingScope}`) {
    super("FORBIDDEN", message);
  }
}

/** The caller is not in the reviewer pool of any pending evaluation. */
export class NotAReviewerError extends GatehouseError {
  constructor(subject: string) {
    super("NOT_A_REVIEWER", `${JSON.stringify(subject)} is not a reviewer of this checkpoint`);
  }
}

/** The request conflicts with the resource's current state (409). */
export class ConflictError extends GatehouseError {
  constructor(
    code: "IDEMPOTENCY_IN_PROGRESS" | "CHECKPOINT_NOT_PENDING" | "ALREADY_VOTED" | "BUILT_IN_RULE_IMMUTABLE",
    message: string,
    extras: ErrorExtras = {},
  ) {
    super(code, message, extras);
  }
}

/** An `If-Match` / expected version did not match the stored one. */
export class VersionMismatchError extends GatehouseError {
  constructor(expected: number, actual: number) {
    super("VERSION_MISMATCH", `version is ${actual}, not ${expected}`);
  }
}

/** An idempotency key was reused with a different request body. */
export class IdempotencyKeyReusedError extends GatehouseError {
  constructor() {
    super("IDEMPOTENCY_KEY_REUSED", "Idempotency-Key was already used with a different request body");
  }
}

/** A limit was exceeded; the client retries after `retryAfterSeconds`. */
export class RateLimitedError extends GatehouseError {
  constructor(code: "RATE_LIMITED" | "POLL_TOO_FREQUENT", message: string, retryAfterSeconds: number) {
    super(code, message, { retryAfterSeconds: Math.max(1, Math.ceil(retryAfterSeconds)) });
  }
}

/** A dependency (store, bus, another service) cannot be reached. */
export class UnavailableError extends GatehouseError {
  constructor(message = "service unavailable", retryAfterSeconds = 1) {
    super("UNAVAILABLE", message, { retryAfterSeconds: Math.max(1, Math.ceil(retryAfterSeconds)) });
  }
}
