import Database from "better-sqlite3";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { retainStatements } from "../../../lib/db/sqlite.js";
import { SqliteRuleStore } from "./sqlite-rule-store.js";

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe("SqliteRuleStore on a file from before detection_sensitivity", () => {
  it("adds the column and reads every stored rule as medium", async () => {
    const dir = mkdtempSync(join(tmpdir(), "gh-rules-"));
    dirs.push(dir);
    const file = join(dir, "secure.db");
    // Retained as openSqlite's are: a statement left to the collector aborts Node 24 (see retainStatements).
    const old = retainStatements(new Database(file));
    old.exec(`CREATE TABLE secure_rules (
      workspace_id TEXT NOT NULL, id TEXT NOT NULL, seq INTEGER NOT NULL, name TEXT NOT NULL, description TEXT,
      type TEXT NOT NULL, action TEXT NOT NULL, severity TEXT NOT NULL, status TEXT NOT NULL, is_built_in INTEGER NOT NULL,
      builtin_rank INTEGER NOT NULL, applies_to_all INTEGER NOT NULL, agent_ids TEXT NOT NULL, data_direction TEXT,
      custom_patterns TEXT NOT NULL, tool_names TEXT NOT NULL, data_categories TEXT NOT NULL, data_descriptions TEXT NOT NULL,
      dsl_statements TEXT NOT NULL, pattern_library_ids TEXT NOT NULL, trigger_count INTEGER NOT NULL, last_triggered_at INTEGER,
      version INTEGER NOT NULL, created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL, PRIMARY KEY (workspace_id, id))`);
    old
      .prepare(
        `INSERT INTO secure_rules VALUES ('ws_a', 'rule_old', 1, 'Old', NULL, 'prompt_pattern', 'flag', 'medium', 'draft', 0, -1, 1, '[]', NULL,
         '["x"]', '[]', '[]', '[]', '[]', '[]', 0, NULL, 1, 1, 1)`,
      )
      .run();
    old.close();
    const db = retainStatements(new Database(file));
    try {
      const store = new SqliteRuleStore(db);
      const rule = await store.get("ws_a", "rule_old");
      expect(rule).toMatchObject({ id: "rule_old", name: "Old", detectionSensitivity: "medium" });
    } finally {
      db.close();
    }
  });
});
