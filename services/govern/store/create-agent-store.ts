import { pickAdapter, type StoreBackend } from "../../../lib/db/backend.js";
import type { AgentStore } from "./agent-store.js";
import { MongoAgentStore } from "./mongo-agent-store.js";
import { SqliteAgentStore } from "./sqlite-agent-store.js";

/** The agent store for `backend`'s engine. */
export function createAgentStore(backend: StoreBackend): AgentStore {
  return pickAdapter<AgentStore>(backend, {
    sqlite: (db) => new SqliteAgentStore(db),
    mongodb: (db) => new MongoAgentStore(db),
  });
}
