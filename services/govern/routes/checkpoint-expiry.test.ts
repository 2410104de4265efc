import { expect, it, vi } from "vitest";
import { CheckpointStatus, VoteDecision } from "../../../gen/gatehouse/govern/v1/govern_pb.js";
import { ManualClock } from "../../../lib/clock.js";
import { CheckpointLifecycle } from "../app/checkpoint-lifecycle.js";
import { createCheckpointStore } from "../store/create-checkpoint-store.js";
import { callerOf, onEveryEngine, rpcError } from "../../../test/support/govern-harness.js";

const ws = callerOf("ws_a", "creator");
let clock: ManualClock;

onEveryEngine(
  () => {
    clock = new ManualClock(Date.now());
    return { clock };
  },
  (h) => {
    it("treats a due pending checkpoint as expired on every read, and mints its token", async () => {
      const cp = (await h().client.createCheckpoint({ caller: ws, action: "deploy", timeoutSeconds: 60 })).checkpoint!;
      clock.advance(60_000);
      const got = (await h().client.getCheckpoint({ caller: ws, id: cp.id })).checkpoint!;
      expect(got).toMatchObject({ status: CheckpointStatus.EXPIRED, revision: 2, reason: "no decision before the timeout" });
      expect(got.decidedAt).toEqual(cp.expiresAt);
      expect((await h().verify(got.decisionToken!, "ws_a", cp.id)).status).toBe("expired");
      // Later reads see the same stored decision.
      expect((await h().client.getCheckpoint({ caller: ws, id: cp.id })).checkpoint!.decisionToken).toBe(got.decisionToken);
      expect(h().signCalls()).toBe(1);
    });

    it("expires before a vote, a cancel or a listing judges the checkpoint", async () => {
      const make = async (action: string) => {
        // Listing is newest first by ID, and IDs order by creation millisecond.
        clock.advance(1);
        return (await h().client.createCheckpoint({ caller: ws, action, timeoutSeconds: 10 })).checkpoint!;
      };
      const a = await make("a");
      const b = await make("b");
      const c = await make("c");
      clock.advance(10_001);
      expect(await rpcError(h().client.decideCheckpoint({ caller: callerOf("ws_a", "alice"), id: a.id, decision: VoteDecision.APPROVE }))).toMatchObject({
        code: "CHECKPOINT_NOT_PENDING",
      });
      expect(await rpcError(h().client.cancelCheckpoint({ caller: ws, id: b.id }))).toMatchObject({ code: "CHECKPOINT_NOT_PENDING" });
      expect((await h().client.listCheckpoints({ caller: ws, status: CheckpointStatus.PENDING })).checkpoints).toEqual([]);
      const all = (await h().client.listCheckpoints({ caller: ws })).checkpoints;
      expect(all.map((x) => [x.id, x.status])).toEqual([
        [c.id, CheckpointStatus.EXPIRED],
        [b.id, CheckpointStatus.EXPIRED],
        [a.id, CheckpointStatus.EXPIRED],
      ]);
      expect(all.every((x) => x.decisionToken)).toBe(true);
    });

    it("lets replicas reading a due checkpoint at once agree on one expiry and one token", async () => {
      const other = await h().replica({ clock });
      const cp = (await h().client.createCheckpoint({ caller: ws, action: "deploy", timeoutSeconds: 5 })).checkpoint!;
      clock.advance(5000);
      const reads = await Promise.all(
        Array.from({ length: 6 }, (_, i) => (i % 2 ? other.client : h().client).getCheckpoint({ caller: ws, id: cp.id })),
      );
      const tokens = new Set(reads.map((r) => r.checkpoint!.decisionToken));
      expect(tokens.size).toBe(1);
      expect(reads.every((r) => r.checkpoint!.revision === 2)).toBe(true);
    });

    it("is done by the sweeper without any read", async () => {
      const replica = await h().replica({ clock, sweepIntervalMs: 20 });
      const cp = (await replica.client.createCheckpoint({ caller: ws, action: "deploy", timeoutSeconds: 30 })).checkpoint!;
      const kept = (await replica.client.createCheckpoint({ caller: ws, action: "deploy", timeoutSeconds: 300 })).checkpoint!;
      const store = createCheckpointStore(h().backend);
      clock.advance(30_000);
      await vi.waitFor(async () => expect((await store.get("ws_a", cp.id))!.status).toBe("expired"), { timeout: 5000, interval: 20 });
      const stored = (await store.get("ws_a", cp.id))!;
      expect(stored.decisionToken).not.toBeNull();
      expect(stored.revision).toBe(2);
      expect((await store.get("ws_a", kept.id))!.status).toBe("pending");
      await vi.waitFor(() => expect(h().events.some((e) => e.event.id === cp.id && e.event.status === "expired")).toBe(true));
    });

    it("expires a checkpoint another replica created, learning of it from the change event", async () => {
      const sweeping = await h().replica({ clock, sweepIntervalMs: 20 });
      // The sweeping replica has loaded its (empty) schedule before the checkpoint exists.
      await new Promise((r) => setTimeout(r, 100));
      const cp = (await h().client.createCheckpoint({ caller: ws, action: "deploy", timeoutSeconds: 30 })).checkpoint!;
      const decided = (await h().client.createCheckpoint({ caller: ws, action: "deploy", timeoutSeconds: 30 })).checkpoint!;
      await h().client.cancelCheckpoint({ caller: ws, id: decided.id });
      clock.advance(30_000);
      const store = createCheckpointStore(h().backend);
      await vi.waitFor(async () => expect((await store.get("ws_a", cp.id))!.status).toBe("expired"), { timeout: 5000, interval: 20 });
      expect((await store.get("ws_a", decided.id))!.status).toBe("cancelled");
      expect(sweeping).toBeDefined();
    });

    it("asks the store for due checkpoints once while idle, not at every tick", async () => {
      const due = vi.spyOn(CheckpointLifecycle.prototype, "due");
      try {
        await h().replica({ clock, sweepIntervalMs: 10 });
        await new Promise((r) => setTimeout(r, 300));
        // About 30 ticks: one load of the schedule, then events keep it current.
        expect(due).toHaveBeenCalledTimes(1);
        clock.advance(5 * 60_000);
        await vi.waitFor(() => expect(due).toHaveBeenCalledTimes(2), { timeout: 2000, interval: 10 });
      } finally {
        due.mockRestore();
      }
    });
  },
);
