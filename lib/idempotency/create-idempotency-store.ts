import { pickAdapter, type StoreBackend } from "../db/backend.js";
import type { IdempotencyStore } from "./idempotency-store.js";
import { MongoIdempotencyStore } from "./mongo-idempotency-store.js";
import { SqliteIdempotencyStore } from "./sqlite-idempotency-store.js";

/**
 * The idempotency store for `backend`'s engine, kept in the SQLite table or
 * MongoDB collection `name` (one per service, e.g. `govern_idempotency`;
 * letters, digits and `_`).
 */
export function createIdempotencyStore(backend: StoreBackend, name: string): IdempotencyStore {
  return pickAdapter<IdempotencyStore>(backend, {
    sqlite: (db) => new SqliteIdempotencyStore(db, name),
    mongodb: (db) => new MongoIdempotencyStore(db, name),
  });
}
