import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { until } from "../../test/support/gatehouse-process.js";
import { closeSqlite, openSqlite, retainStatements } from "./sqlite.js";
import { SQLITE_AUTOCHECKPOINT_PAGES, WalCheckpointer } from "./wal-checkpointer.js";

let root = "";
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "gatehouse-wal-"));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

// About 4 MB of rows: far more pages than the main file holds before a checkpoint.
function writeRows(db: Database.Database): void {
  db.exec("CREATE TABLE IF NOT EXISTS t (v TEXT)");
  const insert = db.prepare("INSERT INTO t (v) VALUES (?)");
  db.transaction(() => {
    for (let i = 0; i < 1000; i++) insert.run("x".repeat(4000));
  })();
}

// Through prepare, whose statements are retained: pragma() would leave one to the collector, which aborts Node 24 (see retainStatements).
const autocheckpoint = (db: Database.Database) => db.prepare("PRAGMA wal_autocheckpoint").pluck().get();
const open = (path: string) => retainStatements(new Database(path));

// Only a checkpoint moves pages from the WAL into the main file; `until` throws when none comes.
const checkpointed = (path: string) => until(async () => statSync(path).size > 4_000_000, 5000);

describe("WalCheckpointer", () => {
  it("copies a file's committed WAL into it from its own thread while the connection never checkpoints", async () => {
    const path = join(root, "a.db");
    const db = openSqlite(path);
    expect(autocheckpoint(db)).toBe(0);
    writeRows(db);
    // This connection makes none.
    await checkpointed(path);
    expect(db.prepare("SELECT count(*) AS n FROM t").get()).toEqual({ n: 1000 });
    db.close();
  });

  it("hands the checkpoints back to SQLite when it stops", async () => {
    const checkpointer = new WalCheckpointer(50);
    const path = join(root, "b.db");
    const db = open(path);
    db.exec("PRAGMA journal_mode = WAL");
    checkpointer.watch(db, path);
    expect(autocheckpoint(db)).toBe(0);
    await checkpointer.close();
    expect(autocheckpoint(db)).toBe(SQLITE_AUTOCHECKPOINT_PAGES);
    // A connection watched afterwards keeps SQLite's own checkpoints.
    const other = open(join(root, "c.db"));
    other.exec("PRAGMA journal_mode = WAL");
    checkpointer.watch(other, join(root, "c.db"));
    expect(autocheckpoint(other)).toBe(SQLITE_AUTOCHECKPOINT_PAGES);
    db.close();
    other.close();
  });

  it("keeps checkpointing a file while another connection of the process still has it open", async () => {
    const checkpointer = new WalCheckpointer(50);
    const path = join(root, "d.db");
    const [first, second] = [open(path), open(path)];
    first.exec("PRAGMA journal_mode = WAL");
    checkpointer.watch(first, path);
    checkpointer.watch(second, path);
    checkpointer.unwatch(first);
    first.close();
    writeRows(second);
    await checkpointed(path);
    await checkpointer.close();
    second.close();
  });

  it("closeSqlite resolves once the thread has let go of the file, so its -wal and -shm files are gone and the directory can be removed", async () => {
    for (let i = 0; i < 20; i++) {
      const dir = join(root, `e${i}`);
      const path = join(dir, "e.db");
      const db = openSqlite(path);
      writeRows(db);
      // Wait for the thread to hold its connection: it opens the file when told to watch it.
      await checkpointed(path);
      await closeSqlite(db);
      expect(existsSync(`${path}-wal`)).toBe(false);
      expect(existsSync(`${path}-shm`)).toBe(false);
      rmSync(dir, { recursive: true });
    }
  });

  it("does not keep a process alive: one that opened a file and has nothing left to do exits", () => {
    const script = `import { openSqlite } from ${JSON.stringify(join(import.meta.dirname, "sqlite.ts"))}; openSqlite(${JSON.stringify(join(root, "f.db"))}).exec("CREATE TABLE t (v)");`;
    const run = spawnSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], { timeout: 20_000 });
    expect(run.signal, "the process was still running after 20 s").toBeNull();
    expect(run.status).toBe(0);
  });
});
