import { join } from "node:path";
import type { StoreBackend } from "./backend.js";
import { connectMongo } from "./mongo.js";
import { openSqlite } from "./sqlite.js";

/** Where a component's stores live, from the validated configuration. */
export interface BackendSettings {
  /** MongoDB URI; when absent, the embedded SQLite file is used. */
  mongodbUri?: string;
  /** Directory of the embedded SQLite files. */
  dataDir: string;
}

/** An open backend and how to release it. */
export interface OpenBackend {
  backend: StoreBackend;
  /** Pings the engine; resolves false when it does not answer. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

/**
 * Opens the store backend of one service: `<dataDir>/<service>.db` (SQLite,
 * one file per service) or the MongoDB database named in the URI (collections
 * are prefixed by service, so services may share one database).
 */
export async function openBackend(settings: BackendSettings, service: string): Promise<OpenBackend> {
  if (settings.mongodbUri) {
    const conn = await connectMongo(settings.mongodbUri);
    return {
      backend: { kind: "mongodb", db: conn.db },
      ping: () => conn.db.command({ ping: 1 }).then(() => true, () => false),
      close: () => conn.close(),
    };
  }
  const db = openSqlite(join(settings.dataDir, `${service}.db`));
  return {
    backend: { kind: "sqlite", db },
    ping: async () => db.open,
    close: async () => void db.close(),
  };
}
