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
