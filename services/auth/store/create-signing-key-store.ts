import { pickAdapter, type StoreBackend } from "../../../lib/db/backend.js";
import { MongoSigningKeyStore } from "./mongo-signing-key-store.js";
import type { SigningKeyStore } from "./signing-key-store.js";
import { SqliteSigningKeyStore } from "./sqlite-signing-key-store.js";

/** The SigningKeyStore adapter for `backend`. */
export function createSigningKeyStore(backend: StoreBackend): SigningKeyStore {
  return pickAdapter<SigningKeyStore>(backend, {
    sqlite: (db) => new SqliteSigningKeyStore(db),
    mongodb: (db) => new MongoSigningKeyStore(db),
  });
}
