// A separate process appending to an embedded audit trail, for the test that
// several processes sharing the SQLite file keep its seqs gap-free.
// Usage: node --import tsx test/support/append-audit-events.ts <file> <workspace> <count> <label>
// It opens the file, writes "ready" and starts appending when a line arrives on stdin,
// so that processes which took unequal times to start append at the same time.
import { createInterface } from "node:readline";
import { SqliteAuditLog } from "../../lib/audit/sqlite-audit-log.js";
import { openSqlite } from "../../lib/db/sqlite.js";

const [file, workspaceId, count, label] = process.argv.slice(2) as [string, string, string, string];
const log = new SqliteAuditLog(openSqlite(file));
process.stdout.write("ready\n");
const lines = createInterface({ input: process.stdin });
await new Promise((resolve) => lines.once("line", resolve));
lines.close();
// Appends go in bursts with a pause between them, so that each process's transactions meet the
// other's even when one is scheduled long before the other on a busy machine.
for (let i = 0; i < Number(count); i += 10) {
  if (i > 0) await new Promise((resolve) => setTimeout(resolve, 1));
  await Promise.all(
    Array.from({ length: 10 }, (_, j) =>
      log.append(workspaceId, {
        type: "rule.updated",
        at: Date.now(),
        actor: { key_id: null, subject: label },
        resource: { type: "rule", id: `${label}_${i + j}` },
        data: { n: i + j },
      }),
    ),
  );
}
