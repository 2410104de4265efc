import type { Statement } from "better-sqlite3";
import type { SqliteDatabase } from "../../../lib/db/sqlite.js";
import { SqliteGroupCommit } from "../../../lib/db/sqlite-group-commit.js";
import type { AutonomyLevel } from "../domain/autonomy-level.js";
import type { Checkpoint, CheckpointStatus, Eval, Vote } from "../domain/checkpoint.js";
import { checkpointEventId, eventIdFloor, type CheckpointEvent, type CheckpointEventType } from "../domain/checkpoint-event.js";
import { initialOutcomeOf, type RecordedCheckpoint } from "../domain/recorded-checkpoint.js";
import type {
  ChangeRecord,
  CheckpointEventQuery,
  CheckpointListQuery,
  CheckpointStore,
  DueCheckpoint,
  RecordedQuery,
} from "./checkpoint-store.js";

const SCHEMA = `
CREATE TABLE IF NOT EXISTS govern_checkpoints (
  workspace_id     TEXT    NOT NULL,
  id               TEXT    NOT NULL,
  agent_id         TEXT,
  agent_name       TEXT,
  action           TEXT    NOT NULL,
  payload          TEXT,
  context          TEXT,
  reasoning        TEXT,
  autonomy_level   TEXT,
  policy_ids       TEXT    NOT NULL,
  policy_group_ids TEXT    NOT NULL,
  status           TEXT    NOT NULL,
  reason           TEXT,
  decision_token   TEXT,
  expires_at       INTEGER NOT NULL,
  created_at       INTEGER NOT NULL,
  decided_at       INTEGER,
  evals            TEXT    NOT NULL,
  votes            TEXT    NOT NULL,
  revision         INTEGER NOT NULL,
  PRIMARY KEY (workspace_id, id)
);
CREATE INDEX IF NOT EXISTS govern_checkpoints_queue ON govern_checkpoints (workspace_id, status, id);
CREATE INDEX IF NOT EXISTS govern_checkpoints_due ON govern_checkpoints (status, expires_at);
CREATE INDEX IF NOT EXISTS govern_checkpoints_created ON govern_checkpoints (workspace_id, created_at, id);
CREATE TABLE IF NOT EXISTS govern_checkpoint_events (
  workspace_id  TEXT    NOT NULL,
  id            TEXT    NOT NULL,
  checkpoint_id TEXT    NOT NULL,
  type          TEXT    NOT NULL,
  at            INTEGER NOT NULL,
  revision      INTEGER NOT NULL,
  state         TEXT    NOT NULL,
  PRIMARY KEY (workspace_id, id)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS govern_checkpoint_events_at ON govern_checkpoint_events (at);
`;

/** The state an event keeps of its checkpoint: what changes after the insert. */
type EventState = Pick<CheckpointRow, "status" | "reason" | "decision_token" | "decided_at" | "evals" | "votes">;

interface EventRow extends CheckpointRow {
  event_id: string;
  event_type: string;
  event_at: number;
  event_revision: number;
  event_state: string;
}

interface CheckpointRow {
  workspace_id: string;
  id: string;
  agent_id: string | null;
  agent_name: string | null;
  action: string;
  payload: string | null;
  context: string | null;
  reasoning: string | null;
  autonomy_level: string | null;
  policy_ids: string;
  policy_group_ids: string;
  status: string;
  reason: string | null;
  decision_token: string | null;
  expires_at: number;
  created_at: number;
  decided_at: number | null;
  evals: string;
  votes: string;
  revision: number;
}

/** The columns a replay reads: no token, evals or votes (only how many votes). */
type RecordedRow = Pick<
  CheckpointRow,
  | "id"
  | "agent_id"
  | "agent_name"
  | "action"
  | "payload"
  | "context"
  | "reasoning"
  | "autonomy_level"
  | "policy_ids"
  | "policy_group_ids"
  | "status"
  | "created_at"
  | "decided_at"
> & { vote_count: number };

/**
 * Checkpoint store on SQLite: one row per checkpoint, lists and nested records
 * as JSON text. Writes are group-committed (see SqliteGroupCommit).
 */
export class SqliteCheckpointStore implements CheckpointStore {
  private readonly insertStmt: Statement;
  private readonly getStmt: Statement;
  private readonly updateStmt: Statement;
  private readonly dueStmt: Statement;
  private readonly insertEventStmt: Statement;
  private readonly eventsStmt: Statement;
  private readonly purgeEventsStmt: Statement;
  private readonly recordedStmt: Statement;
  private readonly listStmts = new Map<string, Statement>();
  // Creates and votes arrive in bursts: one commit per event-loop turn, not per write.
  private readonly writes: SqliteGroupCommit;

  constructor(private readonly db: SqliteDatabase) {
    db.exec(SCHEMA);
    this.writes = new SqliteGroupCommit(db);
    this.insertStmt = db.prepare(`
      INSERT INTO govern_checkpoints (workspace_id, id, agent_id, agent_name, action, payload, context, reasoning,
        autonomy_level, policy_ids, policy_group_ids, status, reason, decision_token, expires_at, created_at,
        decided_at, evals, votes, revision)
      VALUES (@workspace_id, @id, @agent_id, @agent_name, @action, @payload, @context, @reasoning, @autonomy_level,
        @policy_ids, @policy_group_ids, @status, @reason, @decision_token, @expires_at, @created_at, @decided_at,
        @evals, @votes, @revision)`);
    this.getStmt = db.prepare("SELECT * FROM govern_checkpoints WHERE workspace_id = ? AND id = ?");
    this.updateStmt = db.prepare(`
      UPDATE govern_checkpoints SET status = @status, reason = @reason, decision_token = @decision_token,
        decided_at = @decided_at, evals = @evals, votes = @votes, revision = @revision
      WHERE workspace_id = @workspace_id AND id = @id AND revision = @expected_revision`);
    this.dueStmt = db.prepare(
      "SELECT workspace_id, id, expires_at FROM govern_checkpoints WHERE status = 'pending' AND expires_at <= ? ORDER BY expires_at LIMIT ?",
    );
    this.insertEventStmt = db.prepare(`
      INSERT INTO govern_checkpoint_events (workspace_id, id, checkpoint_id, type, at, revision, state)
      VALUES (?, ?, ?, ?, ?, ?, ?)`);
    // The checkpoint's fixed fields come from its row; the event keeps the state that changes.
    this.eventsStmt = db.prepare(`
      SELECT c.*, e.id AS event_id, e.type AS event_type, e.at AS event_at, e.revision AS event_revision, e.state AS event_state
      FROM govern_checkpoint_events e
      JOIN govern_checkpoints c ON c.workspace_id = e.workspace_id AND c.id = e.checkpoint_id
      WHERE e.workspace_id = ? AND e.id >= ? ORDER BY e.id LIMIT ?`);
    this.purgeEventsStmt = db.prepare("DELETE FROM govern_checkpoint_events WHERE at < ?");
    // The row value walks the (workspace_id, created_at, id) index from the cursor on.
    this.recordedStmt = db.prepare(`
      SELECT id, agent_id, agent_name, action, payload, context, reasoning, autonomy_level, policy_ids,
        policy_group_ids, status, created_at, decided_at, json_array_length(votes) AS vote_count
      FROM govern_checkpoints
      WHERE workspace_id = @workspaceId AND (created_at, id) > (@afterAt, @afterId) AND created_at < @until
      ORDER BY created_at, id LIMIT @limit`);
  }

  async insert(checkpoint: Checkpoint, change: ChangeRecord): Promise<void> {
    const row = toRow(checkpoint);
    await this.writes.run(() => {
      this.insertStmt.run(row);
      this.insertEvents(row, change);
    });
  }

  async get(workspaceId: string, id: string): Promise<Checkpoint | null> {
    const row = this.getStmt.get(workspaceId, id) as CheckpointRow | undefined;
    return row ? fromRow(row) : null;
  }

  async list(workspaceId: string, query: CheckpointListQuery): Promise<Checkpoint[]> {
    const where = ["workspace_id = @workspaceId"];
    if (query.status) where.push("status = @status");
    if (query.afterId) where.push("id < @afterId");
    const sql = `SELECT * FROM govern_checkpoints WHERE ${where.join(" AND ")} ORDER BY id DESC LIMIT @limit`;
    let stmt = this.listStmts.get(sql);
    if (!stmt) {
      stmt = this.db.prepare(sql);
      this.listStmts.set(sql, stmt);
    }
    const params: Record<string, string | number> = { workspaceId, limit: query.limit };
    if (query.status) params.status = query.status;
    if (query.afterId) params.afterId = query.afterId;
    return (stmt.all(params) as CheckpointRow[]).map(fromRow);
  }

  async update(next: Checkpoint, expectedRevision: number, change: ChangeRecord): Promise<boolean> {
    if (next.revision !== expectedRevision + 1) throw new Error("a checkpoint update must move to the next revision");
    const row = toRow(next);
    const params = {
      status: row.status,
      reason: row.reason,
      decision_token: row.decision_token,
      decided_at: row.decided_at,
      evals: row.evals,
      votes: row.votes,
      revision: row.revision,
      workspace_id: row.workspace_id,
      id: row.id,
      expected_revision: expectedRevision,
    };
    return this.writes.run(() => {
      if (this.updateStmt.run(params).changes !== 1) return false;
      this.insertEvents(row, change);
      return true;
    });
  }

  async listEvents(workspaceId: string, query: CheckpointEventQuery): Promise<CheckpointEvent[]> {
    const rows = this.eventsStmt.all(workspaceId, eventIdFloor(query.since), query.limit) as EventRow[];
    return rows.map((r) => ({
      id: r.event_id,
      type: r.event_type as CheckpointEventType,
      at: r.event_at,
      checkpoint: fromRow({ ...r, ...(JSON.parse(r.event_state) as EventState), revision: r.event_revision }),
    }));
  }

  async purgeEvents(before: number): Promise<void> {
    await this.writes.run(() => this.purgeEventsStmt.run(before));
  }

  async listDue(before: number, limit: number): Promise<DueCheckpoint[]> {
    const rows = this.dueStmt.all(before, limit) as Pick<CheckpointRow, "workspace_id" | "id" | "expires_at">[];
    return rows.map((r) => ({ workspaceId: r.workspace_id, id: r.id, expiresAt: r.expires_at }));
  }

  async listRecorded(workspaceId: string, query: RecordedQuery): Promise<RecordedCheckpoint[]> {
    // Every ID sorts after "": the first page starts at `since` inclusive.
    const after = query.after && query.after.createdAt >= query.since ? query.after : { createdAt: query.since, id: "" };
    const rows = this.recordedStmt.all({
      workspaceId,
      afterAt: after.createdAt,
      afterId: after.id,
      until: query.until,
      limit: query.limit,
    }) as RecordedRow[];
    return rows.map(fromRecordedRow);
  }

  async ping(): Promise<boolean> {
    return this.db.open;
  }

  // Runs inside the write's transaction: the events commit with the state or not at all.
  private insertEvents(row: CheckpointRow, change: ChangeRecord): void {
    if (change.events.length === 0) return;
    const state: EventState = {
      status: row.status,
      reason: row.reason,
      decision_token: row.decision_token,
      decided_at: row.decided_at,
      evals: row.evals,
      votes: row.votes,
    };
    const stateJson = JSON.stringify(state);
    change.events.forEach((type, index) => {
      const id = checkpointEventId(change.at, row.id, row.revision, index);
      this.insertEventStmt.run(row.workspace_id, id, row.id, type, change.at, row.revision, stateJson);
    });
  }
}

function toRow(c: Checkpoint): CheckpointRow {
  return {
    workspace_id: c.workspaceId,
    id: c.id,
    agent_id: c.agentId,
    agent_name: c.agentName,
    action: c.action,
    payload: c.payload === null ? null : JSON.stringify(c.payload),
    context: c.context,
    reasoning: c.reasoning,
    autonomy_level: c.autonomyLevel,
    policy_ids: JSON.stringify(c.policyIds),
    policy_group_ids: JSON.stringify(c.policyGroupIds),
    status: c.status,
    reason: c.reason,
    decision_token: c.decisionToken,
    expires_at: c.expiresAt,
    created_at: c.createdAt,
    decided_at: c.decidedAt,
    evals: JSON.stringify(c.evals),
    votes: JSON.stringify(c.votes),
    revision: c.revision,
  };
}

function fromRow(row: CheckpointRow): Checkpoint {
  return {
    id: row.id,
    workspaceId: row.workspace_id,
    agentId: row.agent_id,
    agentName: row.agent_name,
    action: row.action,
    payload: row.payload === null ? null : (JSON.parse(row.payload) as Checkpoint["payload"]),
    context: row.context,
    reasoning: row.reasoning,
    autonomyLevel: row.autonomy_level as AutonomyLevel | null,
    policyIds: JSON.parse(row.policy_ids) as string[],
    policyGroupIds: JSON.parse(row.policy_group_ids) as string[],
    status: row.status as CheckpointStatus,
    reason: row.reason,
    decisionToken: row.decision_token,
    expiresAt: row.expires_at,
    createdAt: row.created_at,
    decidedAt: row.decided_at,
    evals: JSON.parse(row.evals) as Eval[],
    votes: JSON.parse(row.votes) as Vote[],
    revision: row.revision,
  };
}

function fromRecordedRow(row: RecordedRow): RecordedCheckpoint {
  return {
    id: row.id,
    createdAt: row.created_at,
    action: row.action,
    payload: row.payload === null ? null : (JSON.parse(row.payload) as RecordedCheckpoint["payload"]),
    agentId: row.agent_id,
    agentName: row.agent_name,
    context: row.context,
    reasoning: row.reasoning,
    autonomyLevel: row.autonomy_level as AutonomyLevel | null,
    policyIds: JSON.parse(row.policy_ids) as string[],
    policyGroupIds: JSON.parse(row.policy_group_ids) as string[],
    initialOutcome: initialOutcomeOf({
      status: row.status as CheckpointStatus,
      createdAt: row.created_at,
      decidedAt: row.decided_at,
      voteCount: row.vote_count,
    }),
  };
}
