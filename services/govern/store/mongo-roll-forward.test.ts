import { describe, expect, it } from "vitest";
import { storeEngines } from "../../../test/support/store-engines.js";
import { checkpointFixture, creation, NO_EVENTS } from "../../../test/support/checkpoint-fixture.js";
import { CHECKPOINT_REVISIONS_COLLECTION, MongoCheckpointStore } from "./mongo-checkpoint-store.js";
import { MongoPolicyStore, POLICY_VERSIONS_COLLECTION } from "./mongo-policy-store.js";

const T0 = Date.UTC(2026, 0, 1);
const mongo = storeEngines().find((e) => e.name === "mongodb");

// A writer that appended its revision and died before projecting it: readers must still see it.
describe.skipIf(!mongo)("MongoDB stores roll a lagging projection forward", () => {
  // The body is collected even when skipped: register hooks only with a server.
  const backend = mongo ? mongo.useBackend() : () => ({ kind: "sqlite" }) as never;
  const db = () => {
    const b = backend();
    if (b.kind !== "mongodb") throw new Error("expected MongoDB");
    return b.db;
  };

  it("checkpoints: get, list, listDue and the next update see the logged state", async () => {
    const store = new MongoCheckpointStore(db());
    const cp = checkpointFixture({ id: "cp_00000000000000000000000001", action: "a", reason: "r", expiresAt: T0 });
    await store.insert(cp, creation(cp));
    await db()
      .collection(CHECKPOINT_REVISIONS_COLLECTION)
      .insertOne({
        _id: `${cp.id}#2` as never,
        workspace_id: "ws_a",
        id: cp.id,
        revision: 2,
        state: { status: "cancelled", reason: "gone", decision_token: "tok", decided_at: T0, evals: [], votes: [] },
      });

    expect(await store.listDue(T0 + 1, 10)).toEqual([]);
    expect(await store.list("ws_a", { limit: 10, status: "pending" })).toEqual([]);
    expect(await store.get("ws_a", cp.id)).toMatchObject({ status: "cancelled", decisionToken: "tok", revision: 2 });
    expect(await store.update({ ...cp, status: "expired", revision: 2 }, 1, NO_EVENTS)).toBe(false);
    // The read repaired the projection itself.
    expect(await db().collection("govern_checkpoints").findOne({ id: cp.id })).toMatchObject({ status: "cancelled", revision: 2 });
  });

  it("policies: get and list see the logged version", async () => {
    const store = new MongoPolicyStore(db());
    await store.insert({
      id: "pol_1",
      workspaceId: "ws_a",
      name: "Old",
      description: null,
      status: "active",
      groupIds: [],
      match: { actions: ["*"], agentIds: [], autonomyLevels: [], condition: null },
      outcome: "approve",
      quorum: 1,
      reviewers: [],
      timeoutSeconds: null,
      timeoutOutcome: "expired",
      scan: null,
      version: 1,
      createdAt: T0,
      updatedAt: T0,
    });
    await db()
      .collection(POLICY_VERSIONS_COLLECTION)
      .insertOne({
        _id: "pol_1#2" as never,
        workspace_id: "ws_a",
        id: "pol_1",
        revision: 2,
        state: {
          name: "New",
          description: null,
          status: "inactive",
          group_ids: [],
          match: { actions: ["*"], agent_ids: [], autonomy_levels: [], condition: null },
          outcome: "block",
          quorum: 1,
          reviewers: [],
          timeout_seconds: null,
          updated_at: T0 + 1,
        },
      });
    expect(await store.list("ws_a", "active")).toEqual([]);
    expect(await store.get("ws_a", "pol_1")).toMatchObject({ name: "New", status: "inactive", outcome: "block", version: 2, updatedAt: T0 + 1 });
  });
});
