import { pickAdapter, type StoreBackend } from "../../../lib/db/backend.js";
import type { KeyStore } from "./key-store.js";
import { MongoKeyStore } from "./mongo-key-store.js";
import { SqliteKeyStore } from "./sqlite-key-store.js";

/** The KeyStore adapter for `backend`. */
export function createKeyStore(backend: StoreBackend): KeyStore {
  return pickAdapter<KeyStore>(backend, {
    sqlite: (db) => new SqliteKeyStore(db),
    mongodb: (db) => new MongoKeyStore(db),
  });
}
