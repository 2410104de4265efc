import type { Statement } from "better-sqlite3";
import { SqliteGroupCommit } from "../db/sqlite-group-commit.js";
import type { SqliteDatabase } from "../db/sqlite.js";
import { nextAuditEvent } from "./audit-chain.js";
import type { AuditEntry, AuditEvent, AuditHead } from "./audit-event.js";
import type { AuditLog, AuditQuery } from "./audit-log.js";
import { auditEventFromRow, type AuditRow } from "./audit-row.js";

/**
 * AuditLog on SQLite: table `audit_events`, primary key (workspace_id, seq).
 * An append reads the head and inserts the next event in one IMMEDIATE
 * transaction (batched with the appends of the same turn, see
 * SqliteGroupCommit), so processes sharing the file take turns and no seq is
 * skipped or taken twice.
 */
export class SqliteAuditLog implements AuditLog {
  private readonly group: SqliteGroupCommit;
  private readonly headOf: Statement<[string], { seq: number; hash: string }>;
  private readonly insert: Statement<[string, number, string, string, string | null, string, string, string, string, string, string]>;
  private readonly filtered = new Map<string, Statement>();

  constructor(private readonly db: SqliteDatabase) {
    db.exec(`CREATE TABLE IF NOT EXISTS audit_events (
      workspace_id TEXT NOT NULL,
      seq INTEGER NOT NULL,
      type TEXT NOT NULL,
      at TEXT NOT NULL,
      actor_key_id TEXT,
      actor_subject TEXT NOT NULL,
      resource_type TEXT NOT NULL,
      resource_id TEXT NOT NULL,
      data TEXT NOT NULL,
      prev_hash TEXT NOT NULL,
      hash TEXT NOT NULL,
      PRIMARY KEY (workspace_id, seq)
    ) WITHOUT ROWID`);
    this.group = new SqliteGroupCommit(db);
    this.headOf = db.prepare("SELECT seq, hash FROM audit_events WHERE workspace_id = ? ORDER BY seq DESC LIMIT 1");
    this.insert = db.prepare(
      `INSERT INTO audit_events (workspace_id, seq, type, at, actor_key_id, actor_subject, resource_type, resource_id, data, prev_hash, hash)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
  }

  append(workspaceId: string, entry: AuditEntry): Promise<AuditEvent> {
    return this.group.run(() => {
      const event = nextAuditEvent(this.headOf.get(workspaceId) ?? null, entry);
      const { actor, resource } = event;
      this.insert.run(workspaceId, event.seq, event.type, event.at, actor.key_id, actor.subject, resource.type, resource.id, JSON.stringify(event.data), event.prev_hash, event.hash);
      return event;
    });
  }

  async list(workspaceId: string, query: AuditQuery): Promise<AuditEvent[]> {
    const where = ["workspace_id = ?", "seq > ?"];
    const args: unknown[] = [workspaceId, query.afterSeq];
    const types = query.types ?? [];
    if (types.length > 0) {
      // One parameter for any number of types: the statement's text depends only on which filters are present.
      where.push("type IN (SELECT value FROM json_each(?))");
      args.push(JSON.stringify(types));
    }
    for (const [column, value, op] of [
      ["resource_type", query.resourceType, "="],
      ["resource_id", query.resourceId, "="],
      ["at", query.since, ">="],
      ["at", query.until, "<"],
    ] as const) {
      if (value === undefined) continue;
      where.push(`${column} ${op} ?`);
      args.push(value);
    }
    const sql = `SELECT * FROM audit_events WHERE ${where.join(" AND ")} ORDER BY seq LIMIT ?`;
    // At most 32 shapes (which filters are present), each prepared once and kept (see openSqlite).
    let statement = this.filtered.get(sql);
    if (!statement) this.filtered.set(sql, (statement = this.db.prepare(sql)));
    return (statement.all(...args, query.limit) as AuditRow[]).map(auditEventFromRow);
  }

  async head(workspaceId: string): Promise<AuditHead | null> {
    return this.headOf.get(workspaceId) ?? null;
  }
}
