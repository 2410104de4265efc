import { describe, expect, it } from "vitest";
import { openSqlite } from "../../../lib/db/sqlite.js";
import { SqlitePolicyStore } from "./sqlite-policy-store.js";
import { policyStoreContract } from "../../../test/contract/policy-store.contract.js";
import { busReplicas } from "../../../test/support/bus-replicas.js";
import { storeEngines } from "../../../test/support/store-engines.js";
import { systemClock } from "../../../lib/clock.js";
import { silentLogger } from "../../../lib/logger.js";
import { CachedPolicyStore } from "../app/cached-policy-store.js";
import { createPolicyStore } from "./create-policy-store.js";

for (const engine of storeEngines()) {
  describe(`PolicyStore on ${engine.name}`, () => {
    const backend = engine.useBackend();
    policyStoreContract(() => createPolicyStore(backend()));
  });

  // The cache is a PolicyStore too: each call makes a replica on the same
  // data and the same broker, as in production.
  describe(`PolicyStore cached over ${engine.name}`, () => {
    const backend = engine.useBackend();
    const logger = silentLogger();
    policyStoreContract(
      busReplicas((bus) => new CachedPolicyStore(createPolicyStore(backend()), bus, systemClock, logger)),
      "within-1s",
    );
  });
}

describe("SqlitePolicyStore on a file made before timeout outcomes and scan gates", () => {
  it("adds the columns on open; old policies read as expired, without a scan gate, and can be updated", async () => {
    const db = openSqlite(":memory:");
    // The table as the first release made it.
    db.exec(`CREATE TABLE govern_policies (workspace_id TEXT NOT NULL, id TEXT NOT NULL, seq INTEGER NOT NULL, name TEXT NOT NULL,
      description TEXT, status TEXT NOT NULL, group_ids TEXT NOT NULL, match_actions TEXT NOT NULL, match_agent_ids TEXT NOT NULL,
      match_autonomy TEXT NOT NULL, match_condition TEXT, outcome TEXT NOT NULL, quorum INTEGER NOT NULL, reviewers TEXT NOT NULL,
      timeout_seconds INTEGER, version INTEGER NOT NULL, created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL,
      PRIMARY KEY (workspace_id, id))`);
    db.prepare(`INSERT INTO govern_policies VALUES ('ws_a', 'pol_old', 1, 'Old', NULL, 'active', '[]', '["*"]', '[]', '[]', NULL,
      'review', 1, '["alice"]', NULL, 1, 0, 0)`).run();
    const store = new SqlitePolicyStore(db);
    const old = await store.get("ws_a", "pol_old");
    expect(old).toMatchObject({ name: "Old", timeoutOutcome: "expired", scan: null, version: 1 });
    const { id: _id, workspaceId: _ws, version: _v, createdAt: _c, updatedAt: _u, ...spec } = old!;
    const updated = await store.updateSpec("ws_a", "pol_old", 1, { ...spec, timeoutOutcome: "rejected", scan: { onBlock: "block", onFlag: "review" } }, 5);
    expect(updated).toMatchObject({ timeoutOutcome: "rejected", scan: { onBlock: "block", onFlag: "review" }, version: 2 });
    // Opening again finds the columns there.
    expect(await new SqlitePolicyStore(db).get("ws_a", "pol_old")).toEqual(updated);
    db.close();
  });
});
