import { expect, it } from "vitest";
import { CheckpointStatus, PolicyOutcome, VoteDecision } from "../../../gen/gatehouse/govern/v1/govern_pb.js";
import { callerOf, onEveryEngine, rpcError } from "../../../test/support/govern-harness.js";

const ws = callerOf("ws_a", "creator");
const alice = callerOf("ws_a", "alice");

onEveryEngine({}, (h) => {
  it("answers at once with changed=true for a terminal checkpoint", async () => {
    await h().client.createPolicy({ caller: ws, policy: { name: "B", outcome: PolicyOutcome.BLOCK } });
    const cp = (await h().client.createCheckpoint({ caller: ws, action: "x" })).checkpoint!;
    const started = Date.now();
    const res = await h().client.waitCheckpoint({ caller: ws, id: cp.id, timeoutSeconds: 30 });
    expect(Date.now() - started).toBeLessThan(1000);
    expect(res).toMatchObject({ changed: true, checkpoint: { status: CheckpointStatus.BLOCKED } });
  });

  it("holds, then wakes well under 100 ms after a decision", async () => {
    const cp = (await h().client.createCheckpoint({ caller: ws, action: "deploy" })).checkpoint!;
    let woke = 0;
    const waiting = h()
      .client.waitCheckpoint({ caller: ws, id: cp.id, timeoutSeconds: 30 })
      .then((r) => {
        woke = performance.now();
        return r;
      });
    await new Promise((r) => setTimeout(r, 150));
    expect(woke).toBe(0);
    const decided = (await h().client.decideCheckpoint({ caller: alice, id: cp.id, decision: VoteDecision.APPROVE })).checkpoint!;
    const answered = performance.now();
    const res = await waiting;
    expect(woke - answered).toBeLessThan(100);
    expect(res.changed).toBe(true);
    expect(res.checkpoint).toMatchObject({ status: CheckpointStatus.APPROVED, revision: 2, decisionToken: decided.decisionToken });
  });

  it("wakes on a vote that does not settle the checkpoint, and on a decision made by another replica", async () => {
    await h().client.createPolicy({ caller: ws, policy: { name: "R", outcome: PolicyOutcome.REVIEW, quorum: 2, reviewers: ["alice", "bob"] } });
    const other = await h().replica();
    const cp = (await h().client.createCheckpoint({ caller: ws, action: "deploy" })).checkpoint!;
    const first = h().client.waitCheckpoint({ caller: ws, id: cp.id, timeoutSeconds: 30 });
    await new Promise((r) => setTimeout(r, 50));
    await other.client.decideCheckpoint({ caller: alice, id: cp.id, decision: VoteDecision.APPROVE });
    expect(await first).toMatchObject({ changed: true, checkpoint: { status: CheckpointStatus.PENDING, revision: 2 } });

    const second = h().client.waitCheckpoint({ caller: ws, id: cp.id, timeoutSeconds: 30 });
    await new Promise((r) => setTimeout(r, 50));
    await other.client.decideCheckpoint({ caller: callerOf("ws_a", "bob"), id: cp.id, decision: VoteDecision.APPROVE });
    expect(await second).toMatchObject({ changed: true, checkpoint: { status: CheckpointStatus.APPROVED, revision: 3 } });
  });

  it("answers changed=false with the current state when the hold ends", async () => {
    const cp = (await h().client.createCheckpoint({ caller: ws, action: "deploy" })).checkpoint!;
    const started = Date.now();
    const res = await h().client.waitCheckpoint({ caller: ws, id: cp.id, timeoutSeconds: 1 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(res).toMatchObject({ changed: false, checkpoint: { id: cp.id, status: CheckpointStatus.PENDING, revision: 1 } });
  });

  it("expires the checkpoint itself when its time runs out during the hold", async () => {
    const cp = (await h().client.createCheckpoint({ caller: ws, action: "deploy", timeoutSeconds: 1 })).checkpoint!;
    const started = Date.now();
    const res = await h().client.waitCheckpoint({ caller: ws, id: cp.id, timeoutSeconds: 10 });
    expect(Date.now() - started).toBeLessThan(2500);
    expect(res).toMatchObject({ changed: true, checkpoint: { status: CheckpointStatus.EXPIRED, reason: "no decision before the timeout" } });
    expect((await h().verify(res.checkpoint!.decisionToken!, "ws_a", cp.id)).status).toBe("expired");
  });

  it("validates the hold and the ID", async () => {
    const cp = (await h().client.createCheckpoint({ caller: ws, action: "deploy" })).checkpoint!;
    for (const timeoutSeconds of [0, 56, -1]) {
      expect(await rpcError(h().client.waitCheckpoint({ caller: ws, id: cp.id, timeoutSeconds }))).toMatchObject({ code: "VALIDATION_ERROR", field: "timeout" });
    }
    expect(await rpcError(h().client.waitCheckpoint({ caller: ws, id: "cp_nope", timeoutSeconds: 1 }))).toMatchObject({ code: "NOT_FOUND" });
  });
});
