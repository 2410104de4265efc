// A separate process appending to an embedded audit trail, for the test that
// several processes sharing the SQLite file keep its seqs gap-free.
// Usage: node --import tsx test/support/append-audit-events.ts <file> <workspace> <count> <label> <start at, epoch ms>
import { SqliteAuditLog } from "../../lib/audit/sqlite-audit-log.js";
import { openSqlite } from "../../lib/db/sqlite.js";

const [file, workspaceId, count, label, startAt] = process.argv.slice(2) as [string, string, string, string, string];
const log = new SqliteAuditLog(openSqlite(file));
// Processes take unequal times to start: all begin at one agreed moment.
await new Promise((resolve) => setTimeout(resolve, Math.max(0, Number(startAt) - Date.now())));
// Appends go in bursts, so each process's transactions meet the other's.
for (let i = 0; i < Number(count); i += 10) {
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
