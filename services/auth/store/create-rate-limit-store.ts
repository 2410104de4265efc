import { pickAdapter, type StoreBackend } from "../../../lib/db/backend.js";
import { MongoRateLimitStore } from "./mongo-rate-limit-store.js";
import type { RateLimitStore } from "./rate-limit-store.js";
import { SqliteRateLimitStore } from "./sqlite-rate-limit-store.js";

/** The RateLimitStore adapter for `backend`. */
export function createRateLimitStore(backend: StoreBackend): RateLimitStore {
  return pickAdapter<RateLimitStore>(backend, {
    sqlite: (db) => new SqliteRateLimitStore(db),
    mongodb: (db) => new MongoRateLimitStore(db),
  });
}
