import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, expect, it } from "vitest";
import { openSqlite } from "./sqlite.js";

let root = "";
afterEach(() => rmSync(root, { recursive: true, force: true }));

it("creates the data directory 0700 and its files 0600, WAL files included", () => {
  root = mkdtempSync(join(tmpdir(), "gatehouse-sqlite-"));
  const dir = join(root, "data", "nested");
  const db = openSqlite(join(dir, "auth.db"));
  db.exec("CREATE TABLE t (x INTEGER); INSERT INTO t VALUES (1)");
  const mode = (p: string) => statSync(p).mode & 0o777;
  expect(mode(join(root, "data"))).toBe(0o700);
  expect(mode(dir)).toBe(0o700);
  for (const file of ["auth.db", "auth.db-wal", "auth.db-shm"]) expect(mode(join(dir, file)), file).toBe(0o600);
  db.close();
});
