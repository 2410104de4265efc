/**
 * The storage port behind idempotency keys. A record is keyed by
 * (scope, key): the scope names the caller and the operation (for example
 * `key_123:CreateCheckpoint`), the key is the client's `Idempotency-Key`.
 *
 * A record is `in_progress` while its first request runs and `completed` once
 * that request's answer is stored. Every record carries an explicit
 * `expiresAt`; a record at or past it counts as absent for every read (so the
 * store never depends on an engine's TTL sweeper, which FerretDB lacks) and
 * `purgeExpired` deletes such records in bulk.
 *
 * Adapters: `SqliteIdempotencyStore` (one upsert decides a claim) and
 * `MongoIdempotencyStore` (a unique insert decides a claim, also on FerretDB);
 * pick one with `createIdempotencyStore`. Neither needs multi-document
 * transactions, change streams or TTL indexes.
 */

/** The stored answer of a finished request, replayed to later identical requests. */
export type StoredOutcome =
  | {
      kind: "success";
      /** The encoded response (base64 of a protobuf message, or JSON text): opaque to the store. */
      payload: string;
    }
  | {
      kind: "error";
      /** A stable `ErrorCode` of `lib/errors.ts`. */
      code: string;
      message: string;
      field?: string;
      retryAfterSeconds?: number;
    };

/** What `IdempotencyStore.claim` is asked to do. */
export interface ClaimInput {
  /** Who and what the key belongs to, e.g. `${keyId}:CreateCheckpoint`. */
  scope: string;
  /** The client's idempotency key. */
  key: string;
  /** Fingerprint of the request body the key is being used with. */
  fingerprint: string;
  /** Current time, ms since the epoch. */
  now: number;
  /** How long the record is kept (expiresAt = now + ttlMs). */
  ttlMs: number;
  /** How long the claim is held before another request may take it over (lockedUntil = now + lockMs). */
  lockMs: number;
}

/** The answer of `IdempotencyStore.claim`. */
export type ClaimResult =
  | {
      kind: "claimed";
      /**
       * Names this claim. Passing it to `complete`/`release` makes them act
       * only while this claim still holds the record, so a claimer whose lock
       * ran out (and was taken over) cannot overwrite or delete its successor.
       */
      token: string;
    }
  | { kind: "completed"; fingerprint: string; outcome: StoredOutcome }
  | { kind: "in_progress"; fingerprint: string };

/** Storage of idempotency records; see the module comment for the model. */
export interface IdempotencyStore {
  /**
   * Atomically claims (scope, key):
   * - no live record → inserts an `in_progress` record and answers `claimed`;
   * - a live `completed` record → answers `completed` with its fingerprint and outcome;
   * - a live `in_progress` record whose lock still holds → answers `in_progress`;
   * - an `in_progress` record whose lock ran out (its owner crashed), or any
   *   record at or past `expiresAt`, is taken over atomically (the same
   *   arbitration as a first claim) and counts as `claimed`.
   * Of any number of concurrent claimers (in any process) exactly one is answered `claimed`.
   */
  claim(input: ClaimInput): Promise<ClaimResult>;

  /**
   * Marks the `in_progress` record (scope, key) `completed` with `outcome`.
   * Only the claimer calls it. A completed or missing record is left alone;
   * with `token`, so is a record another claim has taken over.
   */
  complete(scope: string, key: string, outcome: StoredOutcome, now: number, token?: string): Promise<void>;

  /**
   * Deletes the `in_progress` record (scope, key) so a retry runs the request
   * again (used after a 5xx-class failure, whose answer is never stored).
   * A completed record is never deleted; with `token`, neither is a record
   * another claim has taken over.
   */
  release(scope: string, key: string, token?: string): Promise<void>;

  /** Deletes every record at or past its `expiresAt`; answers how many went. */
  purgeExpired(now: number): Promise<number>;
}
