import type { Statement } from "better-sqlite3";
import type { SqliteDatabase } from "../../../lib/db/sqlite.js";
import type { Agent } from "../domain/agent.js";
import type { AgentStore } from "./agent-store.js";

const SCHEMA = `
CREATE TABLE IF NOT EXISTS govern_agents (
  workspace_id TEXT    NOT NULL,
  id           TEXT    NOT NULL,
  seq          INTEGER NOT NULL,
  name         TEXT    NOT NULL,
  description  TEXT,
  created_at   INTEGER NOT NULL,
  PRIMARY KEY (workspace_id, id)
);
CREATE INDEX IF NOT EXISTS govern_agents_listing ON govern_agents (workspace_id, seq);
`;

interface AgentRow {
  workspace_id: string;
  id: string;
  name: string;
  description: string | null;
  created_at: number;
}

/** Agent store on SQLite; `seq` keeps registration order. */
export class SqliteAgentStore implements AgentStore {
  private readonly insertStmt: Statement;
  private readonly getStmt: Statement;
  private readonly listStmt: Statement;

  constructor(private readonly db: SqliteDatabase) {
    db.exec(SCHEMA);
    this.insertStmt = db.prepare(`
      INSERT INTO govern_agents (workspace_id, id, seq, name, description, created_at)
      VALUES (@workspace_id, @id, (SELECT COALESCE(MAX(seq), 0) + 1 FROM govern_agents), @name, @description, @created_at)`);
    this.getStmt = db.prepare("SELECT * FROM govern_agents WHERE workspace_id = ? AND id = ?");
    this.listStmt = db.prepare("SELECT * FROM govern_agents WHERE workspace_id = ? ORDER BY seq");
  }

  async insert(agent: Agent): Promise<void> {
    this.insertStmt.run({
      workspace_id: agent.workspaceId,
      id: agent.id,
      name: agent.name,
      description: agent.description,
      created_at: agent.createdAt,
    });
  }

  async get(workspaceId: string, id: string): Promise<Agent | null> {
    const row = this.getStmt.get(workspaceId, id) as AgentRow | undefined;
    return row ? fromRow(row) : null;
  }

  async list(workspaceId: string): Promise<Agent[]> {
    return (this.listStmt.all(workspaceId) as AgentRow[]).map(fromRow);
  }

  async ping(): Promise<boolean> {
    return this.db.open;
  }
}

function fromRow(row: AgentRow): Agent {
  return { id: row.id, workspaceId: row.workspace_id, name: row.name, description: row.description, createdAt: row.created_at };
}
