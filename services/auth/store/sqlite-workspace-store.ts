import type { Statement } from "better-sqlite3";
import type { SqliteDatabase } from "../../../lib/db/sqlite.js";
import type { WorkspaceRecord } from "../domain/workspace.js";
import type { WorkspaceStore } from "./workspace-store.js";

interface Row {
  id: string;
  name: string;
  created_at: number;
}

/** WorkspaceStore on SQLite (table `auth_workspaces`, created here if missing). */
export class SqliteWorkspaceStore implements WorkspaceStore {
  private readonly insertStmt: Statement<[string, string, number]>;
  private readonly getStmt: Statement<[string], Row>;

  constructor(db: SqliteDatabase) {
    db.exec(`CREATE TABLE IF NOT EXISTS auth_workspaces (
      id TEXT PRIMARY KEY,
      name TEXT NOT NULL,
      created_at INTEGER NOT NULL
    )`);
    this.insertStmt = db.prepare("INSERT OR IGNORE INTO auth_workspaces (id, name, created_at) VALUES (?, ?, ?)");
    this.getStmt = db.prepare("SELECT id, name, created_at FROM auth_workspaces WHERE id = ?");
  }

  async insertIfAbsent(ws: WorkspaceRecord): Promise<boolean> {
    return this.insertStmt.run(ws.id, ws.name, ws.createdAt).changes === 1;
  }

  async get(id: string): Promise<WorkspaceRecord | null> {
    const row = this.getStmt.get(id);
    return row ? { id: row.id, name: row.name, createdAt: row.created_at } : null;
  }
}
