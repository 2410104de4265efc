import type BetterSqlite3 from "better-sqlite3";
import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";
import type * as WorkerThreads from "node:worker_threads";
import type { SqliteDatabase } from "./sqlite.js";

/** How often the checkpointing thread copies committed WAL frames into each database file. */
export const CHECKPOINT_INTERVAL_MS = 200;

/** SQLite's own default: the WAL size, in pages, at which a commit checkpoints on the thread that made it. */
export const SQLITE_AUTOCHECKPOINT_PAGES = 1000;

/** What the checkpointing thread is told. */
type Command = { watch: string } | { unwatch: string };

/** What the checkpointing thread answers: it closed its connection to a file (or never had one). */
type Reply = { released: string };

/**
 * The checkpointing thread's program (its source is the worker's script, so
 * it uses nothing but its argument and `require`): one connection per watched
 * file and a PASSIVE checkpoint of each every `interval` ms. PASSIVE never
 * waits for readers or writers, so the thread cannot hold up a commit; what
 * it cannot copy now it copies next time.
 */
function checkpointLoop(data: { sqliteModule: string; interval: number }): void {
  /* eslint-disable @typescript-eslint/no-require-imports -- the worker's script is CommonJS */
  const { parentPort } = require("node:worker_threads") as typeof WorkerThreads;
  const Database = require(data.sqliteModule) as typeof BetterSqlite3;
  /* eslint-enable @typescript-eslint/no-require-imports */
  const open = new Map<string, BetterSqlite3.Database>();
  // Closed connections stay referenced, as on the main thread (see sqlite.ts):
  // better-sqlite3 12 must not be finalised by the collector on Node 24.
  const retired: unknown[] = [];
  parentPort!.on("message", (command: Command) => {
    if ("watch" in command) {
      if (open.has(command.watch)) return;
      try {
        open.set(command.watch, new Database(command.watch, { fileMustExist: true }));
      } catch {
        // The file went away before the thread opened it: nothing to checkpoint.
      }
      return;
    }
    const db = open.get(command.unwatch);
    if (db) {
      open.delete(command.unwatch);
      db.close();
      retired.push(db);
    }
    parentPort!.postMessage({ released: command.unwatch } satisfies Reply);
  });
  setInterval(() => {
    for (const db of open.values()) {
      try {
        // exec, not pragma(): no statement object for the collector to finalise.
        db.exec("PRAGMA wal_checkpoint(PASSIVE)");
      } catch {
        // Locked by another process's checkpointer: next time.
      }
    }
  }, data.interval);
}

/**
 * Checkpoints the WAL of SQLite files on a thread of its own. By default
 * SQLite checkpoints on the thread that commits, once the WAL reaches 1,000
 * pages; better-sqlite3 is synchronous, so that copy and its fsyncs (tens of
 * milliseconds) stalled the event loop and every request waiting on it: in
 * the create benchmark at half load the p99 went from 8–11 ms between
 * checkpoints to 25–130 ms across them. A watched file commits without
 * checkpointing (`wal_autocheckpoint = 0`) and the thread copies its frames
 * every `CHECKPOINT_INTERVAL_MS`. Should the thread fail, every file goes
 * back to SQLite's own checkpoints, so the WAL never grows unbounded.
 *
 * The thread (about 10 MB) starts with the first file; neither it nor its
 * timer keeps the process alive. Checkpoints are crash-safe, so an exit
 * needs no step of its own.
 */
export class WalCheckpointer {
  private worker: Worker | undefined;
  private failed = false;
  private readonly watched = new Map<SqliteDatabase, string>();
  // Callers waiting for the thread to close its connection to a file, by path.
  private readonly releasing = new Map<string, (() => void)[]>();

  constructor(private readonly interval = CHECKPOINT_INTERVAL_MS) {}

  /** Moves `db`, a WAL-mode connection to the file at `path`, to the thread's checkpoints. */
  watch(db: SqliteDatabase, path: string): void {
    if (this.failed) return;
    this.watched.set(db, path);
    db.exec("PRAGMA wal_autocheckpoint = 0");
    this.thread().postMessage({ watch: path } satisfies Command);
  }

  /**
   * Stops checkpointing `db`, which is about to close. Resolves once the
   * thread has closed its own connection to the file (at once when another
   * connection of this process still has the file, or when there is no
   * thread), so that the caller's own close can then be the file's last (see
   * `closeSqlite`).
   */
  unwatch(db: SqliteDatabase): Promise<void> {
    const path = this.watched.get(db);
    if (path === undefined) return Promise.resolve();
    this.watched.delete(db);
    // Another connection of this process may still write the file.
    const worker = this.worker;
    if (!worker || [...this.watched.values()].includes(path)) return Promise.resolve();
    return new Promise((resolve) => {
      const waiting = this.releasing.get(path);
      if (waiting) waiting.push(resolve);
      else this.releasing.set(path, [resolve]);
      // Someone waits for the answer: the process must not exit before it comes.
      worker.ref();
      worker.postMessage({ unwatch: path } satisfies Command);
    });
  }

  /** Stops the thread; the connections still watched checkpoint on their own again. */
  async close(): Promise<void> {
    const worker = this.worker;
    this.handBack();
    await worker?.terminate();
  }

  private thread(): Worker {
    if (this.worker) return this.worker;
    const sqliteModule = createRequire(import.meta.url).resolve("better-sqlite3");
    const worker = new Worker(`(${checkpointLoop.toString()})(require("node:worker_threads").workerData)`, {
      eval: true,
      workerData: { sqliteModule, interval: this.interval },
      // It holds a connection per file and nothing else.
      resourceLimits: { maxOldGenerationSizeMb: 16, maxYoungGenerationSizeMb: 4 },
    });
    const failed = (why: string) => {
      if (this.worker !== worker) return; // closed on purpose
      this.handBack();
      process.emitWarning(`the SQLite checkpointing thread ${why}; commits checkpoint on the main thread again`, "GatehouseWarning");
    };
    worker.on("message", (reply: Reply) => this.released(reply.released));
    worker.on("error", (err) => failed(`failed: ${err.message}`));
    worker.on("exit", (code) => failed(`exited (${code})`));
    // After the listeners: a "message" listener refs the worker's port again (Node's port referencing).
    worker.unref();
    this.worker = worker;
    return worker;
  }

  private released(path: string): void {
    const waiting = this.releasing.get(path);
    this.releasing.delete(path);
    if (this.releasing.size === 0) this.worker?.unref();
    for (const resolve of waiting ?? []) resolve();
  }

  // From here on every connection, watched or new, checkpoints as SQLite does by default.
  // A thread that is gone holds no connection, so whoever waits for one to be released is answered.
  private handBack(): void {
    this.failed = true;
    this.worker = undefined;
    for (const db of this.watched.keys()) {
      if (db.open) db.exec(`PRAGMA wal_autocheckpoint = ${SQLITE_AUTOCHECKPOINT_PAGES}`);
    }
    this.watched.clear();
    for (const path of [...this.releasing.keys()]) this.released(path);
  }
}
