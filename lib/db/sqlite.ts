import Database from "better-sqlite3";
import { chmodSync, closeSync, mkdirSync, openSync } from "node:fs";
import { dirname } from "node:path";
import { WalCheckpointer } from "./wal-checkpointer.js";

/** An open SQLite database (better-sqlite3, synchronous). */
export type SqliteDatabase = Database.Database;

/**
 * Opens (creating if needed) the SQLite file at `path` in WAL mode with a busy
 * timeout, so several processes sharing the file serialise their writes
 * instead of failing. `:memory:` opens a private in-memory database.
 * The store holds key hashes and signing keys, so a directory it creates is
 * 0700 and the file 0600 (SQLite gives its -wal and -shm files the same mode).
 * A file's WAL is checkpointed by a thread of its own, off the event loop
 * (see `WalCheckpointer`).
 */
export function openSqlite(path: string): SqliteDatabase {
  const file = path !== ":memory:";
  if (file) restrictToOwner(path);
  const db = retainStatements(new Database(path));
  // exec, not pragma(): pragma() prepares a statement that would be left to the collector.
  db.exec("PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA busy_timeout = 5000; PRAGMA foreign_keys = ON;");
  return file ? checkpointOffThread(db, path) : db;
}

// One checkpointing thread serves every file the process opens.
const checkpointer = new WalCheckpointer();

// Hands `db`'s checkpoints to the thread, and takes them back when it closes.
function checkpointOffThread(db: SqliteDatabase, path: string): SqliteDatabase {
  checkpointer.watch(db, path);
  const close = db.close;
  db.close = function (this: SqliteDatabase) {
    void checkpointer.unwatch(this);
    return close.call(this);
  };
  return db;
}

/**
 * Closes a database `openSqlite` opened, after the checkpointing thread has
 * closed its own connection to the file, so that this close is the file's
 * last: it checkpoints and deletes the `-wal` and `-shm` files before the
 * promise resolves, and the directory may then be removed. (A plain
 * `close()` races the thread's close: when both close at once, neither may
 * be last, and the files stay, or go while the directory is being removed.)
 */
export async function closeSqlite(db: SqliteDatabase): Promise<void> {
  if (!db.open) return;
  await checkpointer.unwatch(db);
  db.close();
}

// better-sqlite3 12 — the last line that runs on Node 20 — aborts Node 24.19
// and later when the garbage collector finalizes one of its statements (its
// ObjectWrap destructor needs a current Node environment, which a collection
// may run without: WiseLibs/better-sqlite3#1515; 13 fixes it and needs Node
// 22). Gatehouse prepares its statements once per store (the few prepared
// later are cached), so holding every statement — and every database, which
// holds the statements transaction() makes — for the life of the process
// costs little and keeps the collector away from them. Remove this with the
// move to better-sqlite3 13.
const retained: unknown[] = [];

/**
 * Holds `db` and every statement its `prepare` makes for the life of the
 * process (see above). `openSqlite` applies it; code that opens a database
 * itself (tests) applies it too. `pragma()` prepares past it: use
 * `exec`, or `prepare("PRAGMA …")`.
 */
export function retainStatements(db: SqliteDatabase): SqliteDatabase {
  retained.push(db);
  const prepare = db.prepare;
  db.prepare = function (this: SqliteDatabase, ...args: Parameters<SqliteDatabase["prepare"]>) {
    const statement = prepare.apply(this, args);
    retained.push(statement);
    return statement;
  } as SqliteDatabase["prepare"];
  return db;
}

// A directory that already existed keeps the mode its owner gave it.
function restrictToOwner(path: string): void {
  const dir = dirname(path);
  if (mkdirSync(dir, { recursive: true, mode: 0o700 }) !== undefined) chmodSync(dir, 0o700);
  closeSync(openSync(path, "a", 0o600));
  chmodSync(path, 0o600);
}
