import { pickAdapter, type StoreBackend } from "../../../lib/db/backend.js";
import { MongoWorkspaceStore } from "./mongo-workspace-store.js";
import { SqliteWorkspaceStore } from "./sqlite-workspace-store.js";
import type { WorkspaceStore } from "./workspace-store.js";

/** The WorkspaceStore adapter for `backend`. */
export function createWorkspaceStore(backend: StoreBackend): WorkspaceStore {
  return pickAdapter<WorkspaceStore>(backend, {
    sqlite: (db) => new SqliteWorkspaceStore(db),
    mongodb: (db) => new MongoWorkspaceStore(db),
  });
}
