import type { Statement } from "better-sqlite3";
import { systemClock, type Clock } from "../../../lib/clock.js";
import type { SqliteDatabase } from "../../../lib/db/sqlite.js";
import { builtInRank, builtInRulesFor } from "../domain/built-in-rules.js";
import type { DataDirection, DetectionSensitivity, Rule, RuleAction, RuleSpec, RuleStatus, RuleType, Severity } from "../domain/rule.js";
import type { RuleFilter, RuleStore, TriggerIncrement } from "./rule-store.js";
import { SeededWorkspaces } from "./seeded-workspaces.js";

const SCHEMA = `
CREATE TABLE IF NOT EXISTS secure_rules (
  workspace_id        TEXT    NOT NULL,
  id                  TEXT    NOT NULL,
  seq                 INTEGER NOT NULL,
  name                TEXT    NOT NULL,
  description         TEXT,
  type                TEXT    NOT NULL,
  action              TEXT    NOT NULL,
  severity            TEXT    NOT NULL,
  status              TEXT    NOT NULL,
  is_built_in         INTEGER NOT NULL,
  builtin_rank        INTEGER NOT NULL,
  applies_to_all      INTEGER NOT NULL,
  agent_ids           TEXT    NOT NULL,
  data_direction      TEXT,
  custom_patterns     TEXT    NOT NULL,
  tool_names          TEXT    NOT NULL,
  data_categories     TEXT    NOT NULL,
  data_descriptions   TEXT    NOT NULL,
  dsl_statements      TEXT    NOT NULL,
  pattern_library_ids TEXT    NOT NULL,
  detection_sensitivity TEXT  NOT NULL DEFAULT 'medium',
  trigger_count       INTEGER NOT NULL,
  last_triggered_at   INTEGER,
  version             INTEGER NOT NULL,
  created_at          INTEGER NOT NULL,
  updated_at          INTEGER NOT NULL,
  PRIMARY KEY (workspace_id, id)
);
CREATE INDEX IF NOT EXISTS secure_rules_listing ON secure_rules (workspace_id, is_built_in DESC, builtin_rank, seq);
CREATE INDEX IF NOT EXISTS secure_rules_seq ON secure_rules (seq);
`;

// Built-ins first in catalogue order, then creation order (seq grows with every insert).
const LIST_ORDER = "ORDER BY is_built_in DESC, builtin_rank, seq";

interface RuleRow {
  workspace_id: string;
  id: string;
  name: string;
  description: string | null;
  type: string;
  action: string;
  severity: string;
  status: string;
  is_built_in: number;
  applies_to_all: number;
  agent_ids: string;
  data_direction: string | null;
  custom_patterns: string;
  tool_names: string;
  data_categories: string;
  data_descriptions: string;
  dsl_statements: string;
  pattern_library_ids: string;
  detection_sensitivity: string;
  trigger_count: number;
  last_triggered_at: number | null;
  version: number;
  created_at: number;
  updated_at: number;
}

/** Rule store on SQLite: one row per (workspace, rule), list fields as JSON text. */
export class SqliteRuleStore implements RuleStore {
  private readonly seeded: SeededWorkspaces;
  private readonly insertStmt: Statement;
  private readonly insertIfAbsentStmt: Statement;
  private readonly getStmt: Statement;
  private readonly updateStmt: Statement;
  private readonly recordTriggersTx: (increments: readonly TriggerIncrement[]) => void;
  private readonly listStmts = new Map<string, Statement>();

  constructor(
    private readonly db: SqliteDatabase,
    private readonly clock: Clock = systemClock,
  ) {
    db.exec(SCHEMA);
    // Files created before rules had a detection sensitivity gain the column, medium for every stored rule.
    const hasSensitivity = (db.prepare("SELECT name FROM pragma_table_info('secure_rules')").all() as { name: string }[]).some(
      (c) => c.name === "detection_sensitivity",
    );
    if (!hasSensitivity) db.exec("ALTER TABLE secure_rules ADD COLUMN detection_sensitivity TEXT NOT NULL DEFAULT 'medium'");
    const columns = `workspace_id, id, seq, name, description, type, action, severity, status, is_built_in, builtin_rank,
      applies_to_all, agent_ids, data_direction, custom_patterns, tool_names, data_categories, data_descriptions,
      dsl_statements, pattern_library_ids, detection_sensitivity, trigger_count, last_triggered_at, version, created_at, updated_at`;
    const values = `@workspace_id, @id, (SELECT COALESCE(MAX(seq), 0) + 1 FROM secure_rules), @name, @description, @type,
      @action, @severity, @status, @is_built_in, @builtin_rank, @applies_to_all, @agent_ids, @data_direction,
      @custom_patterns, @tool_names, @data_categories, @data_descriptions, @dsl_statements, @pattern_library_ids,
      @detection_sensitivity, @trigger_count, @last_triggered_at, @version, @created_at, @updated_at`;
    this.insertStmt = db.prepare(`INSERT INTO secure_rules (${columns}) VALUES (${values})`);
    this.insertIfAbsentStmt = db.prepare(`INSERT OR IGNORE INTO secure_rules (${columns}) VALUES (${values})`);
    this.getStmt = db.prepare("SELECT * FROM secure_rules WHERE workspace_id = ? AND id = ?");
    this.updateStmt = db.prepare(`
      UPDATE secure_rules SET
        name = @name, description = @description, type = @type, action = @action, severity = @severity,
        status = @status, applies_to_all = @applies_to_all, agent_ids = @agent_ids, data_direction = @data_direction,
        custom_patterns = @custom_patterns, tool_names = @tool_names, data_categories = @data_categories,
        data_descriptions = @data_descriptions, dsl_statements = @dsl_statements,
        pattern_library_ids = @pattern_library_ids, detection_sensitivity = @detection_sensitivity, version = @expected_version + 1, updated_at = @updated_at
      WHERE workspace_id = @workspace_id AND id = @id AND version = @expected_version AND is_built_in = 0
      RETURNING *`);
    const triggerStmt = db.prepare(`
      UPDATE secure_rules SET
        trigger_count = trigger_count + @count,
        last_triggered_at = MAX(COALESCE(last_triggered_at, @at), @at)
      WHERE workspace_id = @workspace_id AND id = @id`);
    // One transaction per batch: one fsync however many rules it touches.
    this.recordTriggersTx = db.transaction((increments: readonly TriggerIncrement[]) => {
      for (const inc of increments) {
        triggerStmt.run({ workspace_id: inc.workspaceId, id: inc.ruleId, count: inc.count, at: inc.lastTriggeredAt });
      }
    });
    const seedTx = db.transaction((workspaceId: string) => {
      for (const rule of builtInRulesFor(workspaceId, this.clock.now())) this.insertIfAbsentStmt.run(toRow(rule));
    });
    this.seeded = new SeededWorkspaces(async (workspaceId) => seedTx(workspaceId));
  }

  async insert(rule: Rule): Promise<void> {
    await this.seeded.ensure(rule.workspaceId);
    this.insertStmt.run(toRow(rule));
  }

  async get(workspaceId: string, id: string): Promise<Rule | null> {
    await this.seeded.ensure(workspaceId);
    const row = this.getStmt.get(workspaceId, id) as RuleRow | undefined;
    return row ? fromRow(row) : null;
  }

  async list(workspaceId: string, filter: RuleFilter = {}): Promise<Rule[]> {
    await this.seeded.ensure(workspaceId);
    const where = ["workspace_id = @workspaceId"];
    if (filter.status) where.push("status = @status");
    if (filter.type) where.push("type = @type");
    const sql = `SELECT * FROM secure_rules WHERE ${where.join(" AND ")} ${LIST_ORDER}`;
    let stmt = this.listStmts.get(sql);
    if (!stmt) {
      stmt = this.db.prepare(sql);
      this.listStmts.set(sql, stmt);
    }
    const params: Record<string, string> = { workspaceId };
    if (filter.status) params.status = filter.status;
    if (filter.type) params.type = filter.type;
    const rows = stmt.all(params) as RuleRow[];
    return rows.map(fromRow);
  }

  async updateSpec(
    workspaceId: string,
    id: string,
    expectedVersion: number,
    spec: RuleSpec,
    updatedAt: number,
  ): Promise<Rule | null> {
    await this.seeded.ensure(workspaceId);
    const row = this.updateStmt.get({
      ...specColumns(spec),
      workspace_id: workspaceId,
      id,
      expected_version: expectedVersion,
      updated_at: updatedAt,
    }) as RuleRow | undefined;
    return row ? fromRow(row) : null;
  }

  async recordTriggers(increments: readonly TriggerIncrement[]): Promise<void> {
    if (increments.length > 0) this.recordTriggersTx(increments);
  }

  async ping(): Promise<boolean> {
    return this.db.open;
  }
}

function specColumns(spec: RuleSpec) {
  return {
    name: spec.name,
    description: spec.description,
    type: spec.type,
    action: spec.action,
    severity: spec.severity,
    status: spec.status,
    applies_to_all: spec.appliesToAll ? 1 : 0,
    agent_ids: JSON.stringify(spec.agentIds),
    data_direction: spec.dataDirection,
    custom_patterns: JSON.stringify(spec.customPatterns),
    tool_names: JSON.stringify(spec.toolNames),
    data_categories: JSON.stringify(spec.dataCategories),
    data_descriptions: JSON.stringify(spec.dataDescriptions),
    dsl_statements: JSON.stringify(spec.dslStatements),
    pattern_library_ids: JSON.stringify(spec.patternLibraryIds),
    detection_sensitivity: spec.detectionSensitivity,
  };
}

function toRow(rule: Rule) {
  return {
    ...specColumns(rule),
    workspace_id: rule.workspaceId,
    id: rule.id,
    is_built_in: rule.isBuiltIn ? 1 : 0,
    builtin_rank: rule.isBuiltIn ? builtInRank(rule.id) : -1,
    trigger_count: rule.triggerCount,
    last_triggered_at: rule.lastTriggeredAt,
    version: rule.version,
    created_at: rule.createdAt,
    updated_at: rule.updatedAt,
  };
}

function fromRow(row: RuleRow): Rule {
  return {
    id: row.id,
    workspaceId: row.workspace_id,
    name: row.name,
    description: row.description,
    type: row.type as RuleType,
    action: row.action as RuleAction,
    severity: row.severity as Severity,
    status: row.status as RuleStatus,
    isBuiltIn: row.is_built_in === 1,
    appliesToAll: row.applies_to_all === 1,
    agentIds: JSON.parse(row.agent_ids) as string[],
    dataDirection: row.data_direction as DataDirection | null,
    customPatterns: JSON.parse(row.custom_patterns) as string[],
    toolNames: JSON.parse(row.tool_names) as string[],
    dataCategories: JSON.parse(row.data_categories) as string[],
    dataDescriptions: JSON.parse(row.data_descriptions) as string[],
    dslStatements: JSON.parse(row.dsl_statements) as string[],
    patternLibraryIds: JSON.parse(row.pattern_library_ids) as string[],
    detectionSensitivity: row.detection_sensitivity as DetectionSensitivity,
    triggerCount: row.trigger_count,
    lastTriggeredAt: row.last_triggered_at,
    version: row.version,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
