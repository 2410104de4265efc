import { beforeEach, describe, expect, it } from "vitest";
import type { Checkpoint } from "../../services/govern/domain/checkpoint.js";
import { checkpointEventId } from "../../services/govern/domain/checkpoint-event.js";
import type { CheckpointStore } from "../../services/govern/store/checkpoint-store.js";
import { checkpointFixture, creation, FIXTURE_T0 as T0, NO_EVENTS } from "../support/checkpoint-fixture.js";
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
            timeoutOutcome: "rejected",
            scan: {
              gate: { onBlock: "review", onFlag: "review" },
              effect: "review",
              result: {
                scanId: "scan_1",
                verdict: "flag",
                ruleSetVersion: "rsv_1",
                matches: [
                  {
                    ruleId: "rule_1",
                    ruleName: "Emails",
                    type: "data_pattern",
                    action: "flag",
                    severity: "medium",
                    findings: [{ part: "payload", kind: "email", label: "Email address", start: 4, end: 21, excerpt: "a***@example.com" }],
                  },
                ],
              },
            },
          },
          {
            policyId: "pol_2",
            policyName: "Elsewhere",
            applicability: "not_applicable",
            status: "skipped",
            quorumRequired: 0,
            quorumMet: 0,
            poolSize: 0,
            reviewers: [],
            timeoutOutcome: "expired",
            scan: { gate: { onBlock: "block", onFlag: "ignore" }, effect: null, result: null },
          },
          // As stored before policies had a timeout outcome or a scan gate.
          { policyId: "pol_3", policyName: "Old", applicability: "applicable", status: "pending", quorumRequired: 1, quorumMet: 0, poolSize: 1, reviewers: ["dan"] },
        ],
        votes: [{ subject: "alice", decision: "approve", reason: null, at: T0 + 5 }],
        revision: 2,
      });
      await store.insert(cp, creation(cp));
      expect(await store.get("ws_a", cp.id)).toEqual(cp);
    });

    it("round-trips a terminal checkpoint with its token", async () => {
      const cp = aCheckpoint({ status: "approved", reason: "approved by policy \"P\"", decisionToken: "tok", decidedAt: T0 });
      await store.insert(cp, creation(cp));
      expect(await store.get("ws_a", cp.id)).toEqual(cp);
    });

    it("answers null for an unknown ID and for another workspace's checkpoint", async () => {
      const cp = aCheckpoint();
      await store.insert(cp, creation(cp));
      expect(await store.get("ws_a", cpId(999_999))).toBeNull();
      expect(await store.get("ws_b", cp.id)).toBeNull();
    });

    it("refuses a second checkpoint with the same ID in the workspace", async () => {
      const cp = aCheckpoint();
      await store.insert(cp, creation(cp));
      await expect(store.insert(cp, creation(cp))).rejects.toThrow();
    });
  });

  describe("list", () => {
    it("pages newest first, filters by status, and stays in its workspace", async () => {
      const made: Checkpoint[] = [];
      for (let i = 0; i < 5; i++) {
        const cp = aCheckpoint({ status: i % 2 === 0 ? "pending" : "approved" });
        made.push(cp);
        await store.insert(cp, creation(cp));
      }
      const other = aCheckpoint({ workspaceId: "ws_b" });
      await store.insert(other, creation(other));
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

  describe("listRecorded", () => {
    it("pages the checkpoints created in [since, until), oldest first, ties by ID, with their facts", async () => {
      // Made out of order, two at one millisecond, one at each bound, one in another workspace.
      const at = (ms: number, overrides: Partial<Checkpoint> = {}) => aCheckpoint({ createdAt: T0 + ms, expiresAt: T0 + ms + 3_600_000, ...overrides });
      const c30 = at(30, {
        action: "payments.send",
        payload: { amount: 5, "$where": "x" },
        agentId: "agent_1",
        agentName: "Pay bot",
        context: "ctx",
        reasoning: "why",
        autonomyLevel: "L2",
        policyIds: ["pol_1"],
        policyGroupIds: ["g1"],
      });
      const c10b = at(10);
      // Inserted after c10b, yet its ID sorts before every cpId.
      const c10a = aCheckpoint({ id: `cp_${"0".repeat(10)}tie${serial}`, createdAt: T0 + 10, expiresAt: T0 + 10 + 3_600_000 });
      const atSince = at(0);
      const atUntil = at(100);
      const before = at(-1);
      const elsewhere = at(20, { workspaceId: "ws_b" });
      for (const cp of [c30, c10b, c10a, atSince, atUntil, before, elsewhere]) await store.insert(cp, creation(cp));
      // A tie at 10 ms: the smaller ID first.
      const expected = [atSince.id, c10a.id, c10b.id, c30.id];

      const all = await store.listRecorded("ws_a", { since: T0, until: T0 + 100, limit: 10 });
      expect(all.map((c) => c.id)).toEqual(expected);
      expect(all[3]).toEqual({
        id: c30.id,
        createdAt: T0 + 30,
        action: "payments.send",
        payload: { amount: 5, $where: "x" },
        agentId: "agent_1",
        agentName: "Pay bot",
        context: "ctx",
        reasoning: "why",
        autonomyLevel: "L2",
        policyIds: ["pol_1"],
        policyGroupIds: ["g1"],
        initialOutcome: "pending",
      });

      const pages: string[][] = [];
      let after: { createdAt: number; id: string } | undefined;
      for (;;) {
        const page = await store.listRecorded("ws_a", { since: T0, until: T0 + 100, limit: 2, after });
        if (page.length === 0) break;
        pages.push(page.map((c) => c.id));
        const last = page[page.length - 1]!;
        after = { createdAt: last.createdAt, id: last.id };
      }
      expect(pages).toEqual([expected.slice(0, 2), expected.slice(2, 4)]);
      expect((await store.listRecorded("ws_b", { since: T0, until: T0 + 100, limit: 10 })).map((c) => c.id)).toEqual([elsewhere.id]);
      expect(await store.listRecorded("ws_c", { since: T0, until: T0 + 100, limit: 10 })).toEqual([]);
      expect(await store.listRecorded("ws_a", { since: T0 + 31, until: T0 + 100, limit: 10 })).toEqual([]);
    });

    it("gives each the outcome it was created with, not what became of it", async () => {
      const fast = aCheckpoint({ status: "blocked", reason: 'blocked by policy "P"', decisionToken: "tok", decidedAt: T0 });
      const approvedLater = aCheckpoint({ createdAt: T0 + 1 });
      const rejectedLater = aCheckpoint({ createdAt: T0 + 2 });
      const expired = aCheckpoint({ createdAt: T0 + 3 });
      const stillPending = aCheckpoint({ createdAt: T0 + 4 });
      for (const cp of [fast, approvedLater, rejectedLater, expired, stillPending]) await store.insert(cp, creation(cp));
      const vote = (decision: "approve" | "reject") => [{ subject: "alice", decision, reason: null, at: T0 + 1 }];
      // Decided within the millisecond of its creation, but by a reviewer: it started pending.
      expect(await store.update({ ...approvedLater, status: "approved", decidedAt: approvedLater.createdAt, votes: vote("approve"), decisionToken: "t", revision: 2 }, 1, NO_EVENTS)).toBe(true);
      expect(await store.update({ ...rejectedLater, status: "rejected", decidedAt: T0 + 50, votes: vote("reject"), decisionToken: "t", revision: 2 }, 1, NO_EVENTS)).toBe(true);
      expect(await store.update({ ...expired, status: "expired", decidedAt: expired.expiresAt, decisionToken: "t", revision: 2 }, 1, NO_EVENTS)).toBe(true);
      const recorded = await store.listRecorded("ws_a", { since: T0, until: T0 + 10, limit: 10 });
      expect(recorded.map((c) => [c.id, c.initialOutcome])).toEqual([
        [fast.id, "blocked"],
        [approvedLater.id, "pending"],
        [rejectedLater.id, "pending"],
        [expired.id, "pending"],
        [stillPending.id, "pending"],
      ]);
    });
  });

  describe("conditional update", () => {
    it("replaces the mutable state at the expected revision and leaves the rest", async () => {
      const cp = aCheckpoint({ payload: { n: 1 } });
      await store.insert(cp, creation(cp));
      const next: Checkpoint = {
        ...cp,
        status: "approved",
        reason: "approved by alice",
        decisionToken: "token",
        decidedAt: T0 + 10,
        evals: [
          {
            policyId: "pol_1",
            policyName: "Exports",
            applicability: "applicable",
            status: "approved",
            quorumRequired: 1,
            quorumMet: 1,
            poolSize: 1,
            reviewers: ["alice"],
            timeoutOutcome: "rejected",
            scan: { gate: { onBlock: "block", onFlag: "review" }, effect: "review", result: { scanId: "scan_2", verdict: "flag", ruleSetVersion: "v", matches: [] } },
          },
        ],
        votes: [{ subject: "alice", decision: "approve", reason: "fine", at: T0 + 10 }],
        revision: 2,
      };
      expect(await store.update(next, 1, NO_EVENTS)).toBe(true);
      expect(await store.get("ws_a", cp.id)).toEqual(next);
    });

    it("refuses a stale revision, another workspace and an unknown ID", async () => {
      const cp = aCheckpoint();
      await store.insert(cp, creation(cp));
      const next = { ...cp, status: "cancelled" as const, revision: 2 };
      expect(await store.update({ ...next, revision: 8 }, 7, NO_EVENTS)).toBe(false);
      expect(await store.update({ ...next, workspaceId: "ws_b" }, 1, NO_EVENTS)).toBe(false);
      expect(await store.update({ ...next, id: cpId(888_888) }, 1, NO_EVENTS)).toBe(false);
      expect((await store.get("ws_a", cp.id))!.status).toBe("pending");
    });

    it("refuses a writer that read a revision since overtaken", async () => {
      const cp = aCheckpoint();
      await store.insert(cp, creation(cp));
      const vote = { subject: "alice", decision: "approve" as const, reason: null, at: T0 };
      expect(await store.update({ ...cp, votes: [vote], revision: 2 }, 1, NO_EVENTS)).toBe(true);
      expect(await store.update({ ...cp, votes: [vote], revision: 3 }, 2, NO_EVENTS)).toBe(true);
      expect(await store.update({ ...cp, status: "cancelled", revision: 2 }, 1, NO_EVENTS)).toBe(false);
      expect(await store.update({ ...cp, status: "cancelled", revision: 3 }, 2, NO_EVENTS)).toBe(false);
      expect(await store.get("ws_a", cp.id)).toMatchObject({ status: "pending", revision: 3 });
    });

    it("lets exactly one of N concurrent writers at one revision win, across replicas", async () => {
      const cp = aCheckpoint();
      await store.insert(cp, creation(cp));
      const replicas = [store, makeStore(), makeStore()];
      const attempts = Array.from({ length: 12 }, (_, i) =>
        replicas[i % replicas.length]!.update({ ...cp, status: "rejected", reason: `writer ${i}`, revision: 2 }, 1, NO_EVENTS),
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
      for (const cp of [late, early, future, decided]) await store.insert(cp, creation(cp));

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
      await store.insert(cp, creation(cp));
      expect(await store.update({ ...cp, status: "rejected", decidedAt: T0 + 1, revision: 2 }, 1, NO_EVENTS)).toBe(true);
      expect(await store.listDue(T0 + 1000, 10)).toEqual([]);
    });
  });

  describe("events", () => {
    let ws: string;
    beforeEach(() => {
      ws = `ws_events_${serial++}`;
    });

    it("stores a creation's events with the checkpoint and lists them in id order, within the workspace", async () => {
      const settled = aCheckpoint({ workspaceId: ws, createdAt: T0 + 20, status: "blocked", decisionToken: "t", decidedAt: T0 + 20 });
      const pending = aCheckpoint({ workspaceId: ws, createdAt: T0 + 10, payload: { card: "4111" } });
      const elsewhere = aCheckpoint({ workspaceId: `${ws}_other`, createdAt: T0 + 15 });
      for (const cp of [settled, pending, elsewhere]) await store.insert(cp, creation(cp));

      const events = await store.listEvents(ws, { since: T0, limit: 10 });
      expect(events.map((e) => [e.type, e.checkpoint.id])).toEqual([
        ["checkpoint.created", pending.id],
        ["checkpoint.created", settled.id],
        ["checkpoint.decided", settled.id],
      ]);
      expect(events[0]).toEqual({ id: checkpointEventId(T0 + 10, pending.id, 1, 0), type: "checkpoint.created", at: T0 + 10, checkpoint: pending });
      expect(events[2]!.checkpoint).toEqual(settled);
      expect(events.map((e) => e.id)).toEqual([...events.map((e) => e.id)].sort());
    });

    it("keeps with each change the state it left, and records nothing for a write that lost its race", async () => {
      const cp = aCheckpoint({ workspaceId: ws });
      await store.insert(cp, creation(cp));
      const vote = { subject: "alice", decision: "approve" as const, reason: "ok", at: T0 + 5 };
      const approved: Checkpoint = { ...cp, status: "approved", decisionToken: "tok", decidedAt: T0 + 5, votes: [vote], revision: 2 };
      const change = { at: T0 + 5, events: ["checkpoint.voted", "checkpoint.decided"] as const };
      expect(await store.update(approved, 1, change)).toBe(true);
      expect(await store.update({ ...cp, status: "cancelled", revision: 2 }, 1, { at: T0 + 6, events: ["checkpoint.cancelled"] })).toBe(false);

      const events = await store.listEvents(ws, { since: T0, limit: 10 });
      expect(events.map((e) => [e.type, e.checkpoint.revision, e.checkpoint.status])).toEqual([
        ["checkpoint.created", 1, "pending"],
        ["checkpoint.voted", 2, "approved"],
        ["checkpoint.decided", 2, "approved"],
      ]);
      expect(events[0]!.checkpoint).toEqual(cp);
      expect(events[2]).toEqual({ id: checkpointEventId(T0 + 5, cp.id, 2, 1), type: "checkpoint.decided", at: T0 + 5, checkpoint: approved });
    });

    it("pages by time and count", async () => {
      const made: Checkpoint[] = [];
      for (let i = 0; i < 4; i++) {
        const cp = aCheckpoint({ workspaceId: ws, createdAt: T0 + i * 100 });
        made.push(cp);
        await store.insert(cp, creation(cp));
      }
      expect((await store.listEvents(ws, { since: T0 + 100, limit: 10 })).map((e) => e.checkpoint.id)).toEqual(made.slice(1).map((c) => c.id));
      expect((await store.listEvents(ws, { since: T0 + 1, limit: 2 })).map((e) => e.checkpoint.id)).toEqual([made[1]!.id, made[2]!.id]);
      expect(await store.listEvents(ws, { since: T0 + 301, limit: 10 })).toEqual([]);
    });

    it("forgets events older than the purge time and keeps every checkpoint's latest state", async () => {
      const old = aCheckpoint({ workspaceId: ws, createdAt: T0 });
      await store.insert(old, creation(old));
      const cancelled: Checkpoint = { ...old, status: "cancelled", decisionToken: "t", decidedAt: T0 + 10, revision: 2 };
      expect(await store.update(cancelled, 1, { at: T0 + 10, events: ["checkpoint.cancelled"] })).toBe(true);
      const recent = aCheckpoint({ workspaceId: ws, createdAt: T0 + 1000 });
      await store.insert(recent, creation(recent));

      await store.purgeEvents(T0 + 500);
      expect((await store.listEvents(ws, { since: T0 + 500, limit: 10 })).map((e) => e.checkpoint.id)).toEqual([recent.id]);
      expect(await store.get(ws, old.id)).toEqual(cancelled);
      const racing = { ...old, status: "expired" as const, revision: 2 };
      expect(await store.update(racing, 1, { at: T0 + 2000, events: ["checkpoint.expired"] })).toBe(false);
    });
  });

  it("answers ping", async () => {
    expect(await store.ping()).toBe(true);
  });
}
