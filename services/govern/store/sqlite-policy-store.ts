import type { Statement } from "better-sqlite3";
import type { SqliteDatabase } from "../../../lib/db/sqlite.js";
import type { AutonomyLevel } from "../domain/autonomy-level.js";
import type { Policy, PolicyOutcome, PolicySpec, PolicyStatus, ScanGate, TimeoutOutcome } from "../domain/policy.js";
import type { PolicyStore } from "./policy-store.js";

const SCHEMA = `
CREATE TABLE IF NOT EXISTS govern_policies (
  workspace_id    TEXT    NOT NULL,
  id              TEXT    NOT NULL,
  seq             INTEGER NOT NULL,
  name            TEXT    NOT NULL,
  description     TEXT,
  status          TEXT    NOT NULL,
  group_ids       TEXT    NOT NULL,
  match_actions   TEXT    NOT NULL,
  match_agent_ids TEXT    NOT NULL,
  match_autonomy  TEXT    NOT NULL,
  match_condition TEXT,
  outcome         TEXT    NOT NULL,
  quorum          INTEGER NOT NULL,
  reviewers       TEXT    NOT NULL,
  timeout_seconds INTEGER,
  timeout_outcome TEXT    NOT NULL DEFAULT 'expired',
  scan_gate       TEXT,
  version         INTEGER NOT NULL,
  created_at      INTEGER NOT NULL,
  updated_at      INTEGER NOT NULL,
  PRIMARY KEY (workspace_id, id)
);
CREATE INDEX IF NOT EXISTS govern_policies_listing ON govern_policies (workspace_id, seq);
`;

// Columns added after the table's first release, for files made before them.
const ADDED_COLUMNS = [
  ["timeout_outcome", "TEXT NOT NULL DEFAULT 'expired'"],
  ["scan_gate", "TEXT"],
] as const;

interface PolicyRow {
  workspace_id: string;
  id: string;
  name: string;
  description: string | null;
  status: string;
  group_ids: string;
  match_actions: string;
  match_agent_ids: string;
  match_autonomy: string;
  match_condition: string | null;
  outcome: string;
  quorum: number;
  reviewers: string;
  timeout_seconds: number | null;
  timeout_outcome: string;
  /** JSON of the ScanGate, or null. */
  scan_gate: string | null;
  version: number;
  created_at: number;
  updated_at: number;
}

/**
 * Policy store on SQLite: one row per policy, lists and the scan gate as JSON
 * text; `seq` keeps creation order. A file made before a column existed gets
 * it on open.
 */
export class SqlitePolicyStore implements PolicyStore {
  private readonly insertStmt: Statement;
  private readonly getStmt: Statement;
  private readonly listStmt: Statement;
  private readonly listByStatusStmt: Statement;
  private readonly updateStmt: Statement;

  constructor(private readonly db: SqliteDatabase) {
    db.exec(SCHEMA);
    addMissingColumns(db);
    this.insertStmt = db.prepare(`
      INSERT INTO govern_policies (workspace_id, id, seq, name, description, status, group_ids, match_actions,
        match_agent_ids, match_autonomy, match_condition, outcome, quorum, reviewers, timeout_seconds, timeout_outcome,
        scan_gate, version, created_at, updated_at)
      VALUES (@workspace_id, @id, (SELECT COALESCE(MAX(seq), 0) + 1 FROM govern_policies), @name, @description,
        @status, @group_ids, @match_actions, @match_agent_ids, @match_autonomy, @match_condition, @outcome, @quorum,
        @reviewers, @timeout_seconds, @timeout_outcome, @scan_gate, @version, @created_at, @updated_at)`);
    this.getStmt = db.prepare("SELECT * FROM govern_policies WHERE workspace_id = ? AND id = ?");
    this.listStmt = db.prepare("SELECT * FROM govern_policies WHERE workspace_id = ? ORDER BY seq");
    this.listByStatusStmt = db.prepare("SELECT * FROM govern_policies WHERE workspace_id = ? AND status = ? ORDER BY seq");
    this.updateStmt = db.prepare(`
      UPDATE govern_policies SET name = @name, description = @description, status = @status, group_ids = @group_ids,
        match_actions = @match_actions, match_agent_ids = @match_agent_ids, match_autonomy = @match_autonomy,
        match_condition = @match_condition, outcome = @outcome, quorum = @quorum, reviewers = @reviewers,
        timeout_seconds = @timeout_seconds, timeout_outcome = @timeout_outcome, scan_gate = @scan_gate,
        version = @expected_version + 1, updated_at = @updated_at
      WHERE workspace_id = @workspace_id AND id = @id AND version = @expected_version
      RETURNING *`);
  }

  async insert(policy: Policy): Promise<void> {
    this.insertStmt.run({
      ...specColumns(policy),
      workspace_id: policy.workspaceId,
      id: policy.id,
      version: policy.version,
      created_at: policy.createdAt,
      updated_at: policy.updatedAt,
    });
  }

  async get(workspaceId: string, id: string): Promise<Policy | null> {
    const row = this.getStmt.get(workspaceId, id) as PolicyRow | undefined;
    return row ? fromRow(row) : null;
  }

  async list(workspaceId: string, status?: PolicyStatus): Promise<Policy[]> {
    const rows = (status === undefined ? this.listStmt.all(workspaceId) : this.listByStatusStmt.all(workspaceId, status)) as PolicyRow[];
    return rows.map(fromRow);
  }

  async updateSpec(workspaceId: string, id: string, expectedVersion: number, spec: PolicySpec, updatedAt: number): Promise<Policy | null> {
    const row = this.updateStmt.get({
      ...specColumns(spec),
      workspace_id: workspaceId,
      id,
      expected_version: expectedVersion,
      updated_at: updatedAt,
    }) as PolicyRow | undefined;
    return row ? fromRow(row) : null;
  }

  async ping(): Promise<boolean> {
    return this.db.open;
  }
}

function specColumns(spec: PolicySpec) {
  return {
    name: spec.name,
    description: spec.description,
    status: spec.status,
    group_ids: JSON.stringify(spec.groupIds),
    match_actions: JSON.stringify(spec.match.actions),
    match_agent_ids: JSON.stringify(spec.match.agentIds),
    match_autonomy: JSON.stringify(spec.match.autonomyLevels),
    match_condition: spec.match.condition,
    outcome: spec.outcome,
    quorum: spec.quorum,
    reviewers: JSON.stringify(spec.reviewers),
    timeout_seconds: spec.timeoutSeconds,
    timeout_outcome: spec.timeoutOutcome,
    scan_gate: spec.scan === null ? null : JSON.stringify({ onBlock: spec.scan.onBlock, onFlag: spec.scan.onFlag }),
  };
}

function addMissingColumns(db: SqliteDatabase): void {
  const present = new Set((db.prepare("PRAGMA table_info(govern_policies)").all() as { name: string }[]).map((c) => c.name));
  for (const [name, declaration] of ADDED_COLUMNS) {
    if (!present.has(name)) db.exec(`ALTER TABLE govern_policies ADD COLUMN ${name} ${declaration}`);
  }
}

function fromRow(row: PolicyRow): Policy {
  return {
    id: row.id,
    workspaceId: row.workspace_id,
    name: row.name,
    description: row.description,
    status: row.status as PolicyStatus,
    groupIds: JSON.parse(row.group_ids) as string[],
    match: {
      actions: JSON.parse(row.match_actions) as string[],
      agentIds: JSON.parse(row.match_agent_ids) as string[],
      autonomyLevels: JSON.parse(row.match_autonomy) as AutonomyLevel[],
      condition: row.match_condition,
    },
    outcome: row.outcome as PolicyOutcome,
    quorum: row.quorum,
    reviewers: JSON.parse(row.reviewers) as string[],
    timeoutSeconds: row.timeout_seconds,
    timeoutOutcome: row.timeout_outcome as TimeoutOutcome,
    scan: row.scan_gate === null ? null : (JSON.parse(row.scan_gate) as ScanGate),
    version: row.version,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
