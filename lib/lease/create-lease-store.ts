import { pickAdapter, type StoreBackend } from "../db/backend.js";
import type { LeaseStore } from "./lease-store.js";
import { MongoLeaseStore } from "./mongo-lease-store.js";
import { SqliteLeaseStore } from "./sqlite-lease-store.js";

/** The LeaseStore adapter for `backend`. */
export function createLeaseStore(backend: StoreBackend): LeaseStore {
  return pickAdapter<LeaseStore>(backend, {
    sqlite: (db) => new SqliteLeaseStore(db),
    mongodb: (db) => new MongoLeaseStore(db),
  });
}
