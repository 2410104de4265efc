import { join } from "node:path";
import type { Logger } from "../logger.js";
import type { StoreBackend } from "./backend.js";
import { closeSqlite, openSqlite } from "./sqlite.js";
import type { StoreHealth } from "./store-health.js";

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
  /** Reachability of a networked store (MongoDB); absent for the embedded file. */
  health?: StoreHealth;
  close(): Promise<void>;
}

/**
 * Opens the store backend of one service: `<dataDir>/<service>.db` (SQLite,
 * one file per service) or the MongoDB database named in the URI (collections
 * are prefixed by service, so services may share one database). An
 * unreachable MongoDB is waited for (see `connectMongo`), logged on `logger`.
 * The MongoDB driver is loaded only here, when a URI is configured: a process
 * on the embedded default never pays its memory (about 10 MB of heap).
 */
export async function openBackend(settings: BackendSettings, service: string, logger?: Logger): Promise<OpenBackend> {
  if (settings.mongodbUri) {
    const { connectMongo } = await import("./mongo.js");
    const conn = await connectMongo(settings.mongodbUri, { logger: logger?.child({ store: service }) });
    return {
      backend: { kind: "mongodb", db: conn.db },
      ping: () => conn.db.command({ ping: 1 }).then(() => true, () => false),
      health: conn.health,
      close: () => conn.close(),
    };
  }
  const db = openSqlite(join(settings.dataDir, `${service}.db`));
  return {
    backend: { kind: "sqlite", db },
    ping: async () => db.open,
    close: () => closeSqlite(db),
  };
}
