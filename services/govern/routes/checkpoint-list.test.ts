import { expect, it } from "vitest";
import { CheckpointStatus } from "../../../gen/gatehouse/govern/v1/govern_pb.js";
import { ManualClock } from "../../../lib/clock.js";
import { callerOf, onEveryEngine, rpcError } from "../../../test/support/govern-harness.js";

const ws = callerOf("ws_a", "creator");
let clock: ManualClock;

onEveryEngine(
  () => {
    clock = new ManualClock(Date.now());
    return { clock };
  },
  (h) => {
    async function make(n: number): Promise<string[]> {
      const ids: string[] = [];
      for (let i = 0; i < n; i++) {
        clock.advance(1);
        ids.push((await h().client.createCheckpoint({ caller: ws, action: `a${i}` })).checkpoint!.id);
      }
      return ids;
    }

    it("pages newest first with an opaque cursor, empty on the last page", async () => {
      const ids = (await make(5)).reverse();
      const p1 = await h().client.listCheckpoints({ caller: ws, limit: 2 });
      expect(p1.checkpoints.map((c) => c.id)).toEqual(ids.slice(0, 2));
      expect(p1.nextCursor).not.toBe("");
      const p2 = await h().client.listCheckpoints({ caller: ws, limit: 2, cursor: p1.nextCursor });
      expect(p2.checkpoints.map((c) => c.id)).toEqual(ids.slice(2, 4));
      const p3 = await h().client.listCheckpoints({ caller: ws, limit: 2, cursor: p2.nextCursor });
      expect(p3.checkpoints.map((c) => c.id)).toEqual(ids.slice(4));
      expect(p3.nextCursor).toBe("");
      const exact = await h().client.listCheckpoints({ caller: ws, limit: 5 });
      expect(exact.nextCursor).toBe("");
      expect((await h().client.listCheckpoints({ caller: ws })).checkpoints).toHaveLength(5);
    });

    it("filters by status (the reviewer queue)", async () => {
      const [a, b, c] = await make(3);
      await h().client.cancelCheckpoint({ caller: ws, id: b! });
      const queue = await h().client.listCheckpoints({ caller: ws, status: CheckpointStatus.PENDING });
      expect(queue.checkpoints.map((x) => x.id)).toEqual([c, a]);
      const cancelled = await h().client.listCheckpoints({ caller: ws, status: CheckpointStatus.CANCELLED });
      expect(cancelled.checkpoints.map((x) => x.id)).toEqual([b]);
    });

    it("defaults to 50 per page and refuses bad limits, statuses and cursors", async () => {
      await make(51);
      const page = await h().client.listCheckpoints({ caller: ws, limit: 0 });
      expect(page.checkpoints).toHaveLength(50);
      expect(page.nextCursor).not.toBe("");
      for (const limit of [-1, 101]) {
        expect(await rpcError(h().client.listCheckpoints({ caller: ws, limit }))).toMatchObject({ code: "VALIDATION_ERROR", field: "limit" });
      }
      expect(await rpcError(h().client.listCheckpoints({ caller: ws, cursor: "garbage!" }))).toMatchObject({ code: "VALIDATION_ERROR", field: "cursor" });
      expect(await rpcError(h().client.listCheckpoints({ caller: ws, status: 42 as CheckpointStatus }))).toMatchObject({ code: "VALIDATION_ERROR", field: "status" });
    });
  },
);
