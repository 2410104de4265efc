import { beforeEach, describe, expect, it } from "vitest";
import type { Checkpoint } from "../../services/govern/domain/checkpoint.js";
import type { CheckpointStore } from "../../services/govern/store/checkpoint-store.js";
import { checkpointFixture, FIXTURE_T0 as T0 } from "../support/checkpoint-fixture.js";
let serial = 0;

/** A checkpoint ID as lib/ids.ts makes them, growing with `n`. */
function cpId(n: number): string {
  return `cp_${String(n).padStart(10, "0")}${"a".repeat(16)}`;
}

function aCheckpoint(overrides: Partial<Checkpoint> = {}): Checkpoint {
  serial++;
  return checkpointFixture({ id: cpId(serial), ...overrides });
}

/**
 * The contract every `CheckpointStore` adapter meets. `makeStore` returns a
 * store on the test's fresh backend; calling it twice gives two stores (as
 * two replicas would hold) over the same data.
 */
export function checkpointStoreContract(makeStore: () => CheckpointStore): void {
  let store: CheckpointStore;
  beforeEach(() => {
    store = makeStore();
  });

  describe("insert and get", () => {
    it("round-trips every field, including a payload whose keys MongoDB would refuse", async () => {
      const cp = aCheckpoint({
        agentId: "agent_1",
        agentName: "Deploy bot",
        payload: { $where: "x", "a.b": [1, 2.5, { deep: null }], "ünï": true, nested: { $in: ["q"] } },
        context: "ctx",
        reasoning: "why",
        autonomyLevel: "L3",
        policyIds: ["pol_1"],
        policyGroupIds: ["g1", "g2"],
        evals: [
          {
            policyId: "pol_1",
            policyName: "Payments",
            applicability: "applicable",
            status: "pending",
            quorumRequired: 2,
            quorumMet: 1,
            poolSize: 3,
            reviewers: ["alice", "bob", "carol"],
          },
        ],
        votes: [{ subject: "alice", decision: "approve", reason: null, at: T0 + 5 }],
        revision: 2,
      });
      await store.insert(cp);
      expect(await store.get("ws_a", cp.id)).toEqual(cp);
    });

    it("round-trips a terminal checkpoint with its token", async () => {
      const cp = aCheckpoint({ status: "approved", reason: "approved by policy \"P\"", decisionToken: "tok", decidedAt: T0 });
      await store.insert(cp);
      expect(await store.get("ws_a", cp.id)).toEqual(cp);
    });

    it("answers null for an unknown ID and for another workspace's checkpoint", async () => {
      const cp = aCheckpoint();
      await store.insert(cp);
      expect(await store.get("ws_a", cpId(999_999))).toBeNull();
      expect(await store.get("ws_b", cp.id)).toBeNull();
    });

    it("refuses a second checkpoint with the same ID in the workspace", async () => {
      const cp = aCheckpoint();
      await store.insert(cp);
      await expect(store.insert(cp)).rejects.toThrow();
    });
  });

  describe("list", () => {
    it("pages newest first, filters by status, and stays in its workspace", async () => {
      const made: Checkpoint[] = [];
      for (let i = 0; i < 5; i++) {
        const cp = aCheckpoint({ status: i % 2 === 0 ? "pending" : "approved" });
        made.push(cp);
        await store.insert(cp);
      }
      await store.insert(aCheckpoint({ workspaceId: "ws_b" }));
      const newestFirst = made.map((c) => c.id).reverse();

      const first = await store.list("ws_a", { limit: 2 });
      expect(first.map((c) => c.id)).toEqual(newestFirst.slice(0, 2));
      const second = await store.list("ws_a", { limit: 2, afterId: first[1]!.id });
      expect(second.map((c) => c.id)).toEqual(newestFirst.slice(2, 4));
      const last = await store.list("ws_a", { limit: 2, afterId: second[1]!.id });
      expect(last.map((c) => c.id)).toEqual(newestFirst.slice(4));

      const pending = await store.list("ws_a", { limit: 10, status: "pending" });
      expect(pending.map((c) => c.id)).toEqual([made[4]!.id, made[2]!.id, made[0]!.id]);
      expect(await store.list("ws_c", { limit: 10 })).toEqual([]);
    });
  });

  describe("conditional update", () => {
    it("replaces the mutable state at the expected revision and leaves the rest", async () => {
      const cp = aCheckpoint({ payload: { n: 1 } });
      await store.insert(cp);
      const next: Checkpoint = {
        ...cp,
        status: "approved",
        reason: "approved by alice",
        decisionToken: "token",
        decidedAt: T0 + 10,
        evals: [],
        votes: [{ subject: "alice", decision: "approve", reason: "fine", at: T0 + 10 }],
        revision: 2,
      };
      expect(await store.update(next, 1)).toBe(true);
      expect(await store.get("ws_a", cp.id)).toEqual(next);
    });

    it("refuses a stale revision, another workspace and an unknown ID", async () => {
      const cp = aCheckpoint();
      await store.insert(cp);
      const next = { ...cp, status: "cancelled" as const, revision: 2 };
      expect(await store.update({ ...next, revision: 8 }, 7)).toBe(false);
      expect(await store.update({ ...next, workspaceId: "ws_b" }, 1)).toBe(false);
      expect(await store.update({ ...next, id: cpId(888_888) }, 1)).toBe(false);
      expect((await store.get("ws_a", cp.id))!.status).toBe("pending");
    });

    it("refuses a writer that read a revision since overtaken", async () => {
      const cp = aCheckpoint();
      await store.insert(cp);
      const vote = { subject: "alice", decision: "approve" as const, reason: null, at: T0 };
      expect(await store.update({ ...cp, votes: [vote], revision: 2 }, 1)).toBe(true);
      expect(await store.update({ ...cp, votes: [vote], revision: 3 }, 2)).toBe(true);
      expect(await store.update({ ...cp, status: "cancelled", revision: 2 }, 1)).toBe(false);
      expect(await store.update({ ...cp, status: "cancelled", revision: 3 }, 2)).toBe(false);
      expect(await store.get("ws_a", cp.id)).toMatchObject({ status: "pending", revision: 3 });
    });

    it("lets exactly one of N concurrent writers at one revision win, across replicas", async () => {
      const cp = aCheckpoint();
      await store.insert(cp);
      const replicas = [store, makeStore(), makeStore()];
      const attempts = Array.from({ length: 12 }, (_, i) =>
        replicas[i % replicas.length]!.update({ ...cp, status: "rejected", reason: `writer ${i}`, revision: 2 }, 1),
      );
      const results = await Promise.all(attempts);
      expect(results.filter(Boolean)).toHaveLength(1);
      const winner = results.indexOf(true);
      expect((await store.get("ws_a", cp.id))!.reason).toBe(`writer ${winner}`);
    });
  });

  describe("listDue", () => {
    it("lists pending checkpoints due by a time, soonest first, across workspaces, with what scheduling needs", async () => {
      const late = aCheckpoint({ expiresAt: T0 + 300 });
      const early = aCheckpoint({ expiresAt: T0 + 100, workspaceId: "ws_b" });
      const future = aCheckpoint({ expiresAt: T0 + 10_000 });
      const decided = aCheckpoint({ expiresAt: T0 + 50, status: "approved", decisionToken: "t", decidedAt: T0 });
      for (const cp of [late, early, future, decided]) await store.insert(cp);

      expect(await store.listDue(T0 + 1000, 10)).toEqual([
        { workspaceId: "ws_b", id: early.id, expiresAt: T0 + 100 },
        { workspaceId: "ws_a", id: late.id, expiresAt: T0 + 300 },
      ]);
      expect((await store.listDue(T0 + 1000, 1)).map((c) => c.id)).toEqual([early.id]);
      expect((await store.listDue(T0 + 300, 10)).map((c) => c.id)).toEqual([early.id, late.id]);
      expect(await store.listDue(T0 + 99, 10)).toEqual([]);
    });

    it("leaves out a checkpoint once it is decided", async () => {
      const cp = aCheckpoint({ expiresAt: T0 + 100 });
      await store.insert(cp);
      expect(await store.update({ ...cp, status: "rejected", decidedAt: T0 + 1, revision: 2 }, 1)).toBe(true);
      expect(await store.listDue(T0 + 1000, 10)).toEqual([]);
    });
  });

  it("answers ping", async () => {
    expect(await store.ping()).toBe(true);
  });
}
