import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
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

/** An appender process (test/support/append-audit-events.ts), resolved once it has opened the file. */
async function appender(file: string, count: number, label: string): Promise<{ child: ChildProcess; done: Promise<void> }> {
  const child = spawn(process.execPath, ["--import", "tsx", "test/support/append-audit-events.ts", file, "ws_shared", String(count), label], { cwd: REPO, stdio: ["pipe", "pipe", "pipe"] });
  let stderr = "";
  child.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const done = new Promise<void>((resolve, reject) => {
    child.once("error", reject);
    child.once("exit", (code) => (code === 0 ? resolve() : reject(new Error(`appender ${label} exited ${code}: ${stderr}`))));
  });
  await once(child.stdout!, "data");
  return { child, done };
}

it("keeps seqs gap-free and unique, and the chain whole, when two processes append to one SQLite file at once", async () => {
  dir = mkdtempSync(join(tmpdir(), "gatehouse-audit-"));
  const file = join(dir, "audit.db");
  const log = new SqliteAuditLog(openSqlite(file));
  const appenders = await Promise.all([appender(file, 2000, "a"), appender(file, 2000, "b")]);
  for (const a of appenders) a.child.stdin!.end("go\n");
  await Promise.all(appenders.map((a) => a.done));
  const events = await log.list("ws_shared", { afterSeq: 0, limit: 10_000 });
  expect(events.map((e) => e.seq)).toEqual(Array.from({ length: 4000 }, (_, i) => i + 1));
  expect(new Set(events.map((e) => e.resource.id)).size).toBe(4000);
  // Both processes got turns in between each other's, not one after the other.
  const switches = events.filter((e, i) => i > 0 && e.actor.subject !== events[i - 1]!.actor.subject).length;
  expect(switches, "the two processes' appends did not interleave").toBeGreaterThan(1);
  expect(verifyAuditChain(events)).toMatchObject({ ok: true, count: 4000 });
}, 60_000);
