import { pickAdapter, type StoreBackend } from "../../../lib/db/backend.js";
import type { SqliteDatabase } from "../../../lib/db/sqlite.js";
import { MemoryRateLimitStore } from "./memory-rate-limit-store.js";
import { MongoRateLimitStore } from "./mongo-rate-limit-store.js";
import type { RateLimitStore } from "./rate-limit-store.js";

// An embedded database belongs to one process, so its admission state can
// live in that process's memory: one store per database handle.
const embedded = new WeakMap<SqliteDatabase, MemoryRateLimitStore>();

/**
 * The RateLimitStore for `backend`: shared through MongoDB by every replica,
 * or in memory beside an embedded (SQLite) store, whose process is the only
 * one metering. Adapters made for the same backend share their state.
 */
export function createRateLimitStore(backend: StoreBackend): RateLimitStore {
  return pickAdapter<RateLimitStore>(backend, {
    sqlite: (db) => {
      let store = embedded.get(db);
      if (!store) embedded.set(db, (store = new MemoryRateLimitStore()));
      return store;
    },
    mongodb: (db) => new MongoRateLimitStore(db),
  });
}
