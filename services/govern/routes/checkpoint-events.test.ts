import { expect, it } from "vitest";
import { CheckpointStatus, PolicyOutcome, VoteDecision } from "../../../gen/gatehouse/govern/v1/govern_pb.js";
import { callerOf, onEveryEngine, rpcError } from "../../../test/support/govern-harness.js";

const ws = callerOf("ws_events", "creator");
const alice = callerOf("ws_events", "alice");

onEveryEngine({}, (h) => {
  it("streams a checkpoint's life as typed events, each with the checkpoint as that change left it", async () => {
    const start = await h().client.watchCheckpointEvents({ caller: ws, timeoutSeconds: 0 });
    expect(start.events).toEqual([]);
    const cp = (await h().client.createCheckpoint({ caller: ws, action: "deploy" })).checkpoint!;
    await h().client.decideCheckpoint({ caller: alice, id: cp.id, decision: VoteDecision.REJECT, reason: "no" });
    await h().client.createCheckpoint({ caller: callerOf("ws_elsewhere", "x"), action: "deploy" });

    const res = await h().client.watchCheckpointEvents({ caller: ws, floor: start.floor, seen: start.seen, timeoutSeconds: 5 });
    expect(res.events.map((e) => [e.type, e.checkpoint!.id, e.checkpoint!.revision, e.checkpoint!.status])).toEqual([
      ["checkpoint.created", cp.id, 1, CheckpointStatus.PENDING],
      ["checkpoint.voted", cp.id, 2, CheckpointStatus.REJECTED],
      ["checkpoint.decided", cp.id, 2, CheckpointStatus.REJECTED],
    ]);
    // Going on from the answer's position repeats nothing.
    const after = await h().client.watchCheckpointEvents({ caller: ws, floor: res.floor, seen: res.seen, timeoutSeconds: 0 });
    expect(after.events).toEqual([]);
  });

  it("holds until an event, also one made on another replica, and resumes after a Last-Event-ID", async () => {
    const other = await h().replica();
    const start = await h().client.watchCheckpointEvents({ caller: ws, timeoutSeconds: 0 });
    const waiting = h().client.watchCheckpointEvents({ caller: ws, floor: start.floor, seen: start.seen, timeoutSeconds: 30 });
    await new Promise((r) => setTimeout(r, 100));
    const made = performance.now();
    const cp = (await other.client.createCheckpoint({ caller: ws, action: "pay" })).checkpoint!;
    const res = await waiting;
    expect(performance.now() - made).toBeLessThan(1000);
    expect(res.events.map((e) => [e.type, e.checkpoint!.id])).toEqual([["checkpoint.created", cp.id]]);

    await other.client.cancelCheckpoint({ caller: ws, id: cp.id });
    const resumed = await h().client.watchCheckpointEvents({ caller: ws, floor: res.events[0]!.id, timeoutSeconds: 0 });
    expect(resumed.events.map((e) => e.type)).toEqual(["checkpoint.cancelled"]);
  });

  it("names a settled creation decided, and answers an empty hold with the position moved on", async () => {
    await h().client.createPolicy({ caller: ws, policy: { name: "B", outcome: PolicyOutcome.BLOCK } });
    const start = await h().client.watchCheckpointEvents({ caller: ws, timeoutSeconds: 0 });
    await h().client.createCheckpoint({ caller: ws, action: "x" });
    const res = await h().client.watchCheckpointEvents({ caller: ws, floor: start.floor, timeoutSeconds: 1 });
    expect(res.events.map((e) => e.type)).toEqual(["checkpoint.created", "checkpoint.decided"]);
    const started = Date.now();
    const quiet = await h().client.watchCheckpointEvents({ caller: ws, floor: res.floor, seen: res.seen, timeoutSeconds: 1 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(quiet.events).toEqual([]);
    expect(quiet.floor >= res.floor).toBe(true);
  });

  it("refuses a position that is not one, and a bad hold", async () => {
    expect(await rpcError(h().client.watchCheckpointEvents({ caller: ws, floor: "nope" }))).toMatchObject({ code: "VALIDATION_ERROR" });
    expect(await rpcError(h().client.watchCheckpointEvents({ caller: ws, timeoutSeconds: 56 }))).toMatchObject({ code: "VALIDATION_ERROR" });
    expect(await rpcError(h().client.watchCheckpointEvents({ caller: ws, seen: ["x"] }))).toMatchObject({ code: "VALIDATION_ERROR" });
  });
});
