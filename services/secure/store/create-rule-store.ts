import type { Clock } from "../../../lib/clock.js";
import { pickAdapter, type StoreBackend } from "../../../lib/db/backend.js";
import { MongoRuleStore } from "./mongo-rule-store.js";
import type { RuleStore } from "./rule-store.js";
import { SqliteRuleStore } from "./sqlite-rule-store.js";

/** The rule store for `backend`'s engine; `clock` stamps materialised built-in rules. */
export function createRuleStore(backend: StoreBackend, clock?: Clock): RuleStore {
  return pickAdapter<RuleStore>(backend, {
    sqlite: (db) => new SqliteRuleStore(db, clock),
    mongodb: (db) => new MongoRuleStore(db, clock),
  });
}
