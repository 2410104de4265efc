import { pickAdapter, type StoreBackend } from "../../../lib/db/backend.js";
import type { CheckpointStore } from "./checkpoint-store.js";
import { MongoCheckpointStore } from "./mongo-checkpoint-store.js";
import { SqliteCheckpointStore } from "./sqlite-checkpoint-store.js";

/** The checkpoint store for `backend`'s engine. */
export function createCheckpointStore(backend: StoreBackend): CheckpointStore {
  return pickAdapter<CheckpointStore>(backend, {
    sqlite: (db) => new SqliteCheckpointStore(db),
    mongodb: (db) => new MongoCheckpointStore(db),
  });
}
