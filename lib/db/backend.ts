import type { Statement } from "better-sqlite3";
import type { Db } from "mongodb";
import type { SqliteDatabase } from "./sqlite.js";

/**
 * The storage engine a service's stores are built on: the embedded SQLite
 * default or MongoDB. Each store port has one adapter per kind.
 */
export type StoreBackend = { kind: "sqlite"; db: SqliteDatabase } | { kind: "mongodb"; db: Db };

/** Picks the adapter for `backend` from one factory per engine. */
export function pickAdapter<T>(
  backend: StoreBackend,
  factories: { sqlite: (db: SqliteDatabase) => T; mongodb: (db: Db) => T },
): T {
  return backend.kind === "sqlite" ? factories.sqlite(backend.db) : factories.mongodb(backend.db);
}

// One ping statement per database: statements are kept for the process's life (see openSqlite).
const pings = new WeakMap<SqliteDatabase, Statement>();

/** Resolves true when the backend answers a trivial query, false otherwise (never rejects). */
export async function pingBackend(backend: StoreBackend): Promise<boolean> {
  try {
    if (backend.kind === "sqlite") {
      const db = backend.db;
      if (!db.open) return false;
      let ping = pings.get(db);
      if (!ping) pings.set(db, (ping = db.prepare("SELECT 1 AS one")));
      return ping.get() !== undefined;
    }
    await backend.db.command({ ping: 1 });
    return true;
  } catch {
    return false;
  }
}
