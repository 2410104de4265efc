import Database from "better-sqlite3";
import { chmodSync, closeSync, mkdirSync, openSync } from "node:fs";
import { dirname } from "node:path";

/** An open SQLite database (better-sqlite3, synchronous). */
export type SqliteDatabase = Database.Database;

/**
 * Opens (creating if needed) the SQLite file at `path` in WAL mode with a busy
 * timeout, so several processes sharing the file serialise their writes
 * instead of failing. `:memory:` opens a private in-memory database.
 * The store holds key hashes and signing keys, so a directory it creates is
 * 0700 and the file 0600 (SQLite gives its -wal and -shm files the same mode).
 */
export function openSqlite(path: string): SqliteDatabase {
  if (path !== ":memory:") restrictToOwner(path);
  const db = new Database(path);
  db.pragma("journal_mode = WAL");
  db.pragma("synchronous = NORMAL");
  db.pragma("busy_timeout = 5000");
  db.pragma("foreign_keys = ON");
  return db;
}

// A directory that already existed keeps the mode its owner gave it.
function restrictToOwner(path: string): void {
  const dir = dirname(path);
  if (mkdirSync(dir, { recursive: true, mode: 0o700 }) !== undefined) chmodSync(dir, 0o700);
  closeSync(openSync(path, "a", 0o600));
  chmodSync(path, 0o600);
}
