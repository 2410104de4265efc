import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openSqlite, type SqliteDatabase } from "./sqlite.js";
import { SqliteGroupCommit } from "./sqlite-group-commit.js";

describe("SqliteGroupCommit", () => {
  let dir: string;
  let db: SqliteDatabase;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "gatehouse-group-commit-"));
    db = openSqlite(join(dir, "store.db"));
    db.exec("CREATE TABLE t (id TEXT PRIMARY KEY, n INTEGER NOT NULL)");
  });

  afterEach(() => {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("commits the writes of one turn in one transaction, each with its own result", async () => {
    const commits = new SqliteGroupCommit(db);
    const insert = db.prepare("INSERT INTO t (id, n) VALUES (?, ?)");
    const inTransaction: boolean[] = [];
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        commits.run(() => {
          inTransaction.push(db.inTransaction);
          return insert.run(`id${i}`, i).changes;
        }),
      ),
    );
    expect(results).toEqual(Array(20).fill(1));
    expect(inTransaction.every(Boolean)).toBe(true);
    db.close();
    db = openSqlite(join(dir, "store.db"));
    expect((db.prepare("SELECT count(*) AS c FROM t").get() as { c: number }).c).toBe(20);
  });

  it("rolls back and rejects only the unit that fails, even after its first statement", async () => {
    const commits = new SqliteGroupCommit(db);
    const insert = db.prepare("INSERT INTO t (id, n) VALUES (?, ?)");
    const [a, b, c] = await Promise.allSettled([
      commits.run(() => insert.run("a", 1)),
      commits.run(() => {
        insert.run("b", 2);
        insert.run("a", 3); // duplicate: the whole unit goes, "b" included
      }),
      commits.run(() => insert.run("c", 4)),
    ]);
    expect(a.status).toBe("fulfilled");
    expect(b.status).toBe("rejected");
    expect(c.status).toBe("fulfilled");
    expect((db.prepare("SELECT id FROM t ORDER BY id").all() as Array<{ id: string }>).map((r) => r.id)).toEqual(["a", "c"]);
  });

  it("lets a unit queued after a flush start go into the next batch", async () => {
    const commits = new SqliteGroupCommit(db);
    const insert = db.prepare("INSERT INTO t (id, n) VALUES (?, ?)");
    await commits.run(() => insert.run("first", 1));
    await commits.run(() => insert.run("second", 2));
    expect((db.prepare("SELECT count(*) AS c FROM t").get() as { c: number }).c).toBe(2);
  });
});
