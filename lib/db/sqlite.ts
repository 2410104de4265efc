import Database from "better-sqlite3";
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";

/** An open SQLite database (better-sqlite3, synchronous). */
export type SqliteDatabase = Database.Database;

/**
 * Opens (creating if needed) the SQLite file at `path` in WAL mode with a busy
 * timeout, so several processes sharing the file serialise their writes
 * instead of failing. `:memory:` opens a private in-memory database.
 */
export function openSqlite(path: string): SqliteDatabase {
  if (path !== ":memory:") mkdirSync(dirname(path), { recursive: true });
  const db = new Database(path);
  db.pragma("journal_mode = WAL");
  db.pragma("synchronous = NORMAL");
  db.pragma("busy_timeout = 5000");
  db.pragma("foreign_keys = ON");
  return db;
}
