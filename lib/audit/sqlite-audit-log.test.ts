import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, expect, it } from "vitest";
import { openSqlite } from "../db/sqlite.js";
import { verifyAuditChain } from "./audit-chain.js";
import { SqliteAuditLog } from "./sqlite-audit-log.js";

const REPO = join(import.meta.dirname, "..", "..");
let dir = "";
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function appendFromProcess(file: string, count: number, label: string, startAt: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", "test/support/append-audit-events.ts", file, "ws_shared", String(count), label, String(startAt)], { cwd: REPO, stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.once("error", reject);
    child.once("exit", (code) => (code === 0 ? resolve() : reject(new Error(`appender ${label} exited ${code}: ${stderr}`))));
  });
}

it("keeps seqs gap-free and unique, and the chain whole, when two processes append to one SQLite file at once", async () => {
  dir = mkdtempSync(join(tmpdir(), "gatehouse-audit-"));
  const file = join(dir, "audit.db");
  const log = new SqliteAuditLog(openSqlite(file));
  const startAt = Date.now() + 3000;
  await Promise.all([appendFromProcess(file, 1000, "a", startAt), appendFromProcess(file, 1000, "b", startAt)]);
  const events = await log.list("ws_shared", { afterSeq: 0, limit: 5000 });
  expect(events.map((e) => e.seq)).toEqual(Array.from({ length: 2000 }, (_, i) => i + 1));
  expect(new Set(events.map((e) => e.resource.id)).size).toBe(2000);
  // Both processes got turns in between each other's, not one after the other.
  const switches = events.filter((e, i) => i > 0 && e.actor.subject !== events[i - 1]!.actor.subject).length;
  expect(switches).toBeGreaterThan(1);
  expect(verifyAuditChain(events)).toMatchObject({ ok: true, count: 2000 });
}, 60_000);
