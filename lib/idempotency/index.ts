/** Idempotency keys for the services' create operations: the store port, its adapters and `runIdempotent`. */
export { createIdempotencyStore } from "./create-idempotency-store.js";
export type { ClaimInput, ClaimResult, IdempotencyStore, StoredOutcome } from "./idempotency-store.js";
export { MongoIdempotencyStore } from "./mongo-idempotency-store.js";
export { isReplayedError, ReplayedError } from "./replayed-error.js";
export { requestFingerprint } from "./request-fingerprint.js";
export {
  IDEMPOTENCY_LOCK_MS,
  IDEMPOTENCY_TTL_MS,
  MAX_IDEMPOTENCY_KEY_LENGTH,
  runIdempotent,
  type IdempotentResult,
  type RunIdempotentOptions,
} from "./run-idempotent.js";
export { SqliteIdempotencyStore } from "./sqlite-idempotency-store.js";
