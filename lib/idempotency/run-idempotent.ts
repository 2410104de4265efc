import type { Clock } from "../clock.js";
import {
  ConflictError,
  ERROR_CODES,
  GatehouseError,
  IdempotencyKeyReusedError,
  ValidationError,
  type ErrorCode,
  type ErrorExtras,
} from "../errors.js";
import type { IdempotencyStore, StoredOutcome } from "./idempotency-store.js";
import { ReplayedError } from "./replayed-error.js";
import { requestFingerprint } from "./request-fingerprint.js";

/** How long an idempotency key and its answer are kept: 24 hours. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

/** How long a running request holds its key before another may take it over (its owner presumed dead). */
export const IDEMPOTENCY_LOCK_MS = 60 * 1000;

/** The longest `Idempotency-Key` accepted, in characters. */
export const MAX_IDEMPOTENCY_KEY_LENGTH = 255;

// Answers that tell the client to come back later, or that the server failed:
// storing one would replay "try again" to the very retry it asked for. INTERNAL
// and UNAVAILABLE are the 5xx class; RATE_LIMITED, POLL_TOO_FREQUENT and
// IDEMPOTENCY_IN_PROGRESS are 4xx but transient in the same way.
const NOT_STORED: ReadonlySet<ErrorCode> = new Set<ErrorCode>([
  "INTERNAL",
  "UNAVAILABLE",
  "RATE_LIMITED",
  "POLL_TOO_FREQUENT",
  "IDEMPOTENCY_IN_PROGRESS",
]);

/** What `runIdempotent` needs for one operation call. */
export interface RunIdempotentOptions<T> {
  store: IdempotencyStore;
  clock: Clock;
  /** The key's owner and operation, e.g. `${keyId}:CreateCheckpoint`. */
  scope: string;
  /** The `Idempotency-Key` header value; `""` means the header was absent: just run. */
  key: string;
  /**
   * The request body as parsed JSON (without the key or per-attempt metadata);
   * compared by its RFC 8785 canonical form, so key order does not matter.
   * Called only when there is a key: requests without one pay nothing for it.
   */
  request: () => unknown;
  /** The operation itself. */
  run: () => Promise<T>;
  /** Turns a result into the text stored for replays (base64 protobuf, JSON, …). */
  encode: (value: T) => string;
  /** Inverse of `encode`. */
  decode: (payload: string) => T;
  /** How long the key is kept; default `IDEMPOTENCY_TTL_MS`. */
  ttlMs?: number;
  /** How long a running request holds the key; default `IDEMPOTENCY_LOCK_MS`. */
  lockMs?: number;
  /**
   * Told about a store failure after the operation already ran (its answer is
   * still returned or thrown); wire it to a logger. Default: ignored.
   */
  onStoreError?: (err: unknown) => void;
}

/** The result of `runIdempotent`: `replayed` is true when it is a stored earlier answer. */
export interface IdempotentResult<T> {
  value: T;
  replayed: boolean;
}

/**
 * Runs an operation at most once per (scope, key) within the TTL:
 * - `key` `""` → runs it, no idempotency;
 * - `key` blank or longer than 255 characters → `ValidationError` on `Idempotency-Key`;
 * - first use → runs it; a result is stored and returned with `replayed: false`;
 *   a thrown `GatehouseError` with a definitive (4xx-class) code is stored and
 *   rethrown; any other failure is not stored (the key is released, so a retry runs again);
 * - same key, same request, answered before → the stored result with
 *   `replayed: true`, or the stored error rethrown as a `ReplayedError`;
 * - same key, different request → `IdempotencyKeyReusedError` (422);
 * - same key, same request, first still running → `ConflictError`
 *   `IDEMPOTENCY_IN_PROGRESS` with `retryAfterSeconds: 1` (409).
 * Of concurrent calls with one key, exactly one runs the operation.
 */
export async function runIdempotent<T>(opts: RunIdempotentOptions<T>): Promise<IdempotentResult<T>> {
  if (opts.key === "") return { value: await opts.run(), replayed: false };
  checkKey(opts.key);
  const fingerprint = requestFingerprint(opts.request());
  const claim = await opts.store.claim({
    scope: opts.scope,
    key: opts.key,
    fingerprint,
    now: opts.clock.now(),
    ttlMs: opts.ttlMs ?? IDEMPOTENCY_TTL_MS,
    lockMs: opts.lockMs ?? IDEMPOTENCY_LOCK_MS,
  });
  switch (claim.kind) {
    case "claimed":
      return { value: await runClaimed(opts, claim.token), replayed: false };
    case "completed":
      if (claim.fingerprint !== fingerprint) throw new IdempotencyKeyReusedError();
      return { value: replay(claim.outcome, opts.decode), replayed: true };
    case "in_progress":
      if (claim.fingerprint !== fingerprint) throw new IdempotencyKeyReusedError();
      throw new ConflictError(
        "IDEMPOTENCY_IN_PROGRESS",
        "a request with this Idempotency-Key is still being processed",
        { retryAfterSeconds: 1 },
      );
  }
}

function checkKey(key: string): void {
  if (key.trim() === "") throw new ValidationError("Idempotency-Key", "must not be blank");
  // Characters are code points; the cheap length check skips the split for short keys.
  if (key.length > MAX_IDEMPOTENCY_KEY_LENGTH && [...key].length > MAX_IDEMPOTENCY_KEY_LENGTH) {
    throw new ValidationError("Idempotency-Key", `must be at most ${MAX_IDEMPOTENCY_KEY_LENGTH} characters`);
  }
}

async function runClaimed<T>(opts: RunIdempotentOptions<T>, token: string): Promise<T> {
  const { store, scope, key } = opts;
  let value: T;
  let payload: string;
  try {
    value = await opts.run();
    payload = opts.encode(value);
  } catch (err) {
    if (err instanceof GatehouseError && !NOT_STORED.has(err.code)) {
      const stored = await attempt(opts, () => store.complete(scope, key, errorOutcome(err), opts.clock.now(), token));
      // Unstored, the record would block retries until its lock ran out.
      if (!stored) await attempt(opts, () => store.release(scope, key, token));
    } else {
      // Not releasing would only delay a retry until the lock runs out, so a
      // failed release must not hide the original error.
      await attempt(opts, () => store.release(scope, key, token));
    }
    throw err;
  }
  // The operation has happened: its answer goes back even if it cannot be
  // stored. The record then stays in progress until its lock runs out, which
  // is safer than releasing it (a retry would run the operation a second time at once).
  await attempt(opts, () => store.complete(scope, key, { kind: "success", payload }, opts.clock.now(), token));
  return value;
}

/** Runs a store write, reporting (not throwing) a failure; answers whether it worked. */
async function attempt(opts: { onStoreError?: (err: unknown) => void }, write: () => Promise<void>): Promise<boolean> {
  try {
    await write();
    return true;
  } catch (err) {
    opts.onStoreError?.(err);
    return false;
  }
}

function errorOutcome(err: GatehouseError): StoredOutcome {
  return {
    kind: "error",
    code: err.code,
    message: err.message,
    field: err.extras.field,
    retryAfterSeconds: err.extras.retryAfterSeconds,
  };
}

function replay<T>(outcome: StoredOutcome, decode: (payload: string) => T): T {
  if (outcome.kind === "success") return decode(outcome.payload);
  if (!isErrorCode(outcome.code)) throw new Error(`stored idempotent answer has unknown code ${outcome.code}`);
  const extras: ErrorExtras = {};
  if (outcome.field !== undefined) extras.field = outcome.field;
  if (outcome.retryAfterSeconds !== undefined) extras.retryAfterSeconds = outcome.retryAfterSeconds;
  throw new ReplayedError(outcome.code, outcome.message, extras);
}

function isErrorCode(code: string): code is ErrorCode {
  return (ERROR_CODES as readonly string[]).includes(code);
}
