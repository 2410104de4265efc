import type { MessageInitShape } from "@bufbuild/protobuf";
import { expect, it } from "vitest";
import {
  Applicability,
  CheckpointStatus,
  EvalStatus,
  PolicyOutcome,
  VoteDecision,
  type PolicySpecSchema,
} from "../../../gen/gatehouse/govern/v1/govern_pb.js";
import { payloadSha256 } from "../../../lib/payload-hash.js";
import { callerOf, onEveryEngine, rpcError, type GovernHarness } from "../../../test/support/govern-harness.js";

const ws = callerOf("ws_a", "creator");
const alice = callerOf("ws_a", "alice");
const bob = callerOf("ws_a", "bob");
const carol = callerOf("ws_a", "carol");

async function policy(h: GovernHarness, spec: MessageInitShape<typeof PolicySpecSchema>): Promise<string> {
  const res = await h.client.createPolicy({ caller: ws, policy: spec });
  return res.policy!.id;
}

onEveryEngine({}, (h) => {
  it.each([
    [PolicyOutcome.APPROVE, CheckpointStatus.APPROVED, "approved", 'approved by policy "P"'],
    [PolicyOutcome.REJECT, CheckpointStatus.REJECTED, "rejected", 'rejected by policy "P"'],
    [PolicyOutcome.BLOCK, CheckpointStatus.BLOCKED, "blocked", 'blocked by policy "P"'],
  ])("decides on the fast path (%s) and signs the decision", async (outcome, status, claim, reason) => {
    const policyId = await policy(h(), { name: "P", outcome, match: { actions: ["db.*"] } });
    const payload = { table: "users", where: { id: 7 } };
    const { checkpoint: cp, replayed } = await h().client.createCheckpoint({
      caller: ws,
      action: "db.delete",
      payload,
      agentName: "Cleaner",
    });
    expect(replayed).toBe(false);
    expect(cp).toMatchObject({ status, reason, revision: 1, action: "db.delete", agentName: "Cleaner" });
    expect(cp!.decidedAt).toBeDefined();
    expect(cp!.evals).toHaveLength(1);
    expect(cp!.evals[0]).toMatchObject({ policyId, applicability: Applicability.APPLICABLE });
    const claims = await h().verify(cp!.decisionToken!, "ws_a", cp!.id);
    expect(claims).toMatchObject({
      status: claim,
      action: "db.delete",
      payload_sha256: payloadSha256(payload),
      agent_id: null,
      agent_name: "Cleaner",
      policy_ids: [policyId],
      approvers: [],
    });
    // Terminal from the start: a later read returns the same token.
    const again = await h().client.getCheckpoint({ caller: ws, id: cp!.id });
    expect(again.checkpoint!.decisionToken).toBe(cp!.decisionToken);
  });

  it("holds a checkpoint for review, then approves it on quorum with a token naming the approvers", async () => {
    const agent = (await h().client.createAgent({ caller: ws, name: "Pay bot" })).agent!;
    const policyId = await policy(h(), { name: "Payments", outcome: PolicyOutcome.REVIEW, quorum: 2, reviewers: ["alice", "bob", "carol"], match: { actions: ["payments.*"], condition: "payload.amount > 100" } });
    await policy(h(), { name: "Elsewhere", outcome: PolicyOutcome.BLOCK, match: { actions: ["db.*"] } });

    const created = (await h().client.createCheckpoint({ caller: ws, action: "payments.send", payload: { amount: 250 }, agentId: agent.id })).checkpoint!;
    expect(created).toMatchObject({ status: CheckpointStatus.PENDING, reason: 'awaiting review (policy "Payments")', agentId: agent.id });
    expect(created.decisionToken).toBeUndefined();
    expect(created.evals.map((e) => [e.policyName, e.status, e.quorumRequired, e.poolSize])).toEqual([
      ["Payments", EvalStatus.PENDING, 2, 3],
      ["Elsewhere", EvalStatus.SKIPPED, 0, 0],
    ]);

    const afterAlice = (await h().client.decideCheckpoint({ caller: alice, id: created.id, decision: VoteDecision.APPROVE })).checkpoint!;
    expect(afterAlice).toMatchObject({ status: CheckpointStatus.PENDING, revision: 2 });
    expect(afterAlice.decisionToken).toBeUndefined();
    expect(afterAlice.evals[0]!.quorumMet).toBe(1);

    const done = (await h().client.decideCheckpoint({ caller: carol, id: created.id, decision: VoteDecision.APPROVE, reason: "ok" })).checkpoint!;
    expect(done).toMatchObject({ status: CheckpointStatus.APPROVED, revision: 3, reason: "approved by alice, carol" });
    expect(done.votes.map((v) => [v.subject, v.decision, v.reason])).toEqual([
      ["alice", VoteDecision.APPROVE, undefined],
      ["carol", VoteDecision.APPROVE, "ok"],
    ]);
    const claims = await h().verify(done.decisionToken!, "ws_a", created.id);
    expect(claims).toMatchObject({
      iss: "gatehouse-test",
      status: "approved",
      action: "payments.send",
      payload_sha256: payloadSha256({ amount: 250 }),
      agent_id: agent.id,
      agent_name: null,
      policy_ids: [policyId],
      approvers: ["alice", "carol"],
    });
    expect(h().signCalls()).toBe(1);
  });

  it("lets any decider settle a checkpoint no policy applies to", async () => {
    const cp = (await h().client.createCheckpoint({ caller: ws, action: "anything" })).checkpoint!;
    expect(cp).toMatchObject({ status: CheckpointStatus.PENDING, reason: "no policy applies; awaiting a reviewer", evals: [] });
    const done = (await h().client.decideCheckpoint({ caller: callerOf("ws_a", "whoever"), id: cp.id, decision: VoteDecision.REJECT })).checkpoint!;
    expect(done).toMatchObject({ status: CheckpointStatus.REJECTED, reason: "rejected by whoever" });
    expect((await h().verify(done.decisionToken!, "ws_a", cp.id)).status).toBe("rejected");
  });

  it("refuses a second vote, a stranger's vote and votes on a terminal checkpoint", async () => {
    await policy(h(), { name: "R", outcome: PolicyOutcome.REVIEW, quorum: 2, reviewers: ["alice", "bob"] });
    const cp = (await h().client.createCheckpoint({ caller: ws, action: "deploy" })).checkpoint!;
    await h().client.decideCheckpoint({ caller: alice, id: cp.id, decision: VoteDecision.APPROVE });
    expect(await rpcError(h().client.decideCheckpoint({ caller: alice, id: cp.id, decision: VoteDecision.APPROVE }))).toMatchObject({ code: "ALREADY_VOTED" });
    expect(await rpcError(h().client.decideCheckpoint({ caller: carol, id: cp.id, decision: VoteDecision.REJECT }))).toMatchObject({ code: "NOT_A_REVIEWER" });
    await h().client.decideCheckpoint({ caller: bob, id: cp.id, decision: VoteDecision.REJECT, reason: "not today" });
    const after = (await h().client.getCheckpoint({ caller: ws, id: cp.id })).checkpoint!;
    expect(after).toMatchObject({ status: CheckpointStatus.REJECTED, reason: "not today", revision: 3 });
    expect(await rpcError(h().client.decideCheckpoint({ caller: carol, id: cp.id, decision: VoteDecision.APPROVE }))).toMatchObject({ code: "CHECKPOINT_NOT_PENDING" });
  });

  it("validates votes", async () => {
    const cp = (await h().client.createCheckpoint({ caller: ws, action: "deploy" })).checkpoint!;
    expect(await rpcError(h().client.decideCheckpoint({ caller: alice, id: cp.id }))).toMatchObject({ code: "VALIDATION_ERROR", field: "decision" });
    expect(await rpcError(h().client.decideCheckpoint({ caller: callerOf("ws_a", ""), id: cp.id, decision: VoteDecision.APPROVE }))).toMatchObject({
      code: "VALIDATION_ERROR",
      field: "caller.subject",
    });
    expect(await rpcError(h().client.decideCheckpoint({ caller: alice, id: cp.id, decision: VoteDecision.APPROVE, reason: "x".repeat(2001) }))).toMatchObject({
      field: "reason",
    });
  });

  it("cancels a pending checkpoint once, with a token", async () => {
    const cp = (await h().client.createCheckpoint({ caller: ws, action: "deploy" })).checkpoint!;
    const cancelled = (await h().client.cancelCheckpoint({ caller: ws, id: cp.id })).checkpoint!;
    expect(cancelled).toMatchObject({ status: CheckpointStatus.CANCELLED, reason: "cancelled", revision: 2 });
    expect((await h().verify(cancelled.decisionToken!, "ws_a", cp.id)).status).toBe("cancelled");
    expect(await rpcError(h().client.cancelCheckpoint({ caller: ws, id: cp.id }))).toMatchObject({ code: "CHECKPOINT_NOT_PENDING" });
    const other = (await h().client.createCheckpoint({ caller: ws, action: "deploy" })).checkpoint!;
    expect((await h().client.cancelCheckpoint({ caller: ws, id: other.id, reason: "agent gave up" })).checkpoint!.reason).toBe("agent gave up");
  });

  it("settles concurrent votes from two replicas exactly once, with exactly one token", async () => {
    await policy(h(), { name: "R", outcome: PolicyOutcome.REVIEW, quorum: 1, reviewers: ["alice", "bob", "carol", "dave"] });
    const other = await h().replica();
    const cp = (await h().client.createCheckpoint({ caller: ws, action: "deploy" })).checkpoint!;
    const voters = [alice, bob, carol, callerOf("ws_a", "dave")];
    const results = await Promise.allSettled(
      voters.map((caller, i) => (i % 2 === 0 ? h().client : other.client).decideCheckpoint({ caller, id: cp.id, decision: VoteDecision.APPROVE })),
    );
    const won = results.filter((r) => r.status === "fulfilled");
    expect(won).toHaveLength(1);
    for (const r of results) {
      if (r.status === "rejected") expect(await rpcError(Promise.reject(r.reason))).toMatchObject({ code: "CHECKPOINT_NOT_PENDING" });
    }
    const stored = (await h().client.getCheckpoint({ caller: ws, id: cp.id })).checkpoint!;
    expect(stored).toMatchObject({ status: CheckpointStatus.APPROVED, revision: 2 });
    expect(stored.votes).toHaveLength(1);
    expect(stored.decisionToken).toBe(won[0]!.status === "fulfilled" ? won[0]!.value.checkpoint!.decisionToken : "");
    await h().bus.close();
    const terminal = h().events.filter((e) => e.event.id === cp.id && e.event.status === "approved");
    expect(terminal).toHaveLength(1);
  });

  it("keeps a reviewer's vote when another lands first (re-applied on the fresh state)", async () => {
    await policy(h(), { name: "R", outcome: PolicyOutcome.REVIEW, quorum: 3, reviewers: ["alice", "bob", "carol"] });
    const other = await h().replica();
    const cp = (await h().client.createCheckpoint({ caller: ws, action: "deploy" })).checkpoint!;
    await Promise.all([
      h().client.decideCheckpoint({ caller: alice, id: cp.id, decision: VoteDecision.APPROVE }),
      other.client.decideCheckpoint({ caller: bob, id: cp.id, decision: VoteDecision.APPROVE }),
      h().client.decideCheckpoint({ caller: carol, id: cp.id, decision: VoteDecision.APPROVE }),
    ]);
    const stored = (await h().client.getCheckpoint({ caller: ws, id: cp.id })).checkpoint!;
    expect(stored).toMatchObject({ status: CheckpointStatus.APPROVED, revision: 4 });
    expect(stored.votes.map((v) => v.subject).sort()).toEqual(["alice", "bob", "carol"]);
    expect(stored.evals[0]!.quorumMet).toBe(3);
  });
});

