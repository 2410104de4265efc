import type { MessageInitShape } from "@bufbuild/protobuf";
import { expect, it } from "vitest";
import {
  AutonomyLevel,
  CheckpointStatus,
  PolicyOutcome,
  PolicyStatus,
  type PolicySpecSchema,
} from "../../../gen/gatehouse/govern/v1/govern_pb.js";
import { callerOf, onEveryEngine, rpcError } from "../../../test/support/govern-harness.js";

const ws = callerOf("ws_a", "creator", "key_1");

type PolicySpecInit = MessageInitShape<typeof PolicySpecSchema>;

onEveryEngine({}, (h) => {
  it("validates every field, naming it", async () => {
    const c = h().client;
    const cases: Array<[string, Parameters<typeof c.createCheckpoint>[0]]> = [
      ["action", { caller: ws }],
      ["action", { caller: ws, action: "x".repeat(201) }],
      ["agent_name", { caller: ws, action: "a", agentName: "n".repeat(201) }],
      ["context", { caller: ws, action: "a", context: "c".repeat(10_001) }],
      ["reasoning", { caller: ws, action: "a", reasoning: "r".repeat(10_001) }],
      ["timeout_seconds", { caller: ws, action: "a", timeoutSeconds: 0 }],
      ["timeout_seconds", { caller: ws, action: "a", timeoutSeconds: 604_801 }],
      ["autonomy_level", { caller: ws, action: "a", autonomyLevel: 99 as AutonomyLevel }],
      ["policy_ids[0]", { caller: ws, action: "a", policyIds: [""] }],
    ];
    for (const [field, req] of cases) expect(await rpcError(c.createCheckpoint(req))).toMatchObject({ code: "VALIDATION_ERROR", field });
    expect((await c.listCheckpoints({ caller: ws })).checkpoints).toEqual([]);
  });

  it("requires a sent agent_id and policy_ids to exist", async () => {
    expect(await rpcError(h().client.createCheckpoint({ caller: ws, action: "a", agentId: "agent_nope" }))).toMatchObject({ code: "NOT_FOUND" });
    expect(await rpcError(h().client.createCheckpoint({ caller: ws, action: "a", policyIds: ["pol_nope"] }))).toMatchObject({ code: "NOT_FOUND" });
  });

  it("evaluates only the named policies and groups, and passes agent and autonomy to the match", async () => {
    const agent = (await h().client.createAgent({ caller: ws, name: "Ops bot" })).agent!;
    const make = async (spec: PolicySpecInit) => (await h().client.createPolicy({ caller: ws, policy: spec })).policy!.id;
    const block = await make({ name: "Block", outcome: PolicyOutcome.BLOCK, groupIds: ["strict"] });
    const approve = await make({ name: "Trusted", outcome: PolicyOutcome.APPROVE, match: { agentIds: [agent.id], autonomyLevels: [AutonomyLevel.L2], condition: 'agent.name == "Ops bot"' } });
    const off = await make({ name: "Off", outcome: PolicyOutcome.APPROVE, status: PolicyStatus.INACTIVE });

    const all = (await h().client.createCheckpoint({ caller: ws, action: "deploy", agentId: agent.id, autonomyLevel: AutonomyLevel.L2 })).checkpoint!;
    expect(all.status).toBe(CheckpointStatus.BLOCKED);
    expect(all.evals.map((e) => e.policyId)).toEqual([block, approve]);

    const named = (await h().client.createCheckpoint({ caller: ws, action: "deploy", agentId: agent.id, autonomyLevel: AutonomyLevel.L2, policyIds: [approve] })).checkpoint!;
    expect(named).toMatchObject({ status: CheckpointStatus.APPROVED, autonomyLevel: AutonomyLevel.L2, policyIds: [approve] });
    const wrongLevel = (await h().client.createCheckpoint({ caller: ws, action: "deploy", agentId: agent.id, autonomyLevel: AutonomyLevel.L4, policyIds: [approve] })).checkpoint!;
    expect(wrongLevel.status).toBe(CheckpointStatus.PENDING);
    const grouped = (await h().client.createCheckpoint({ caller: ws, action: "deploy", policyGroupIds: ["strict"] })).checkpoint!;
    expect(grouped.evals.map((e) => e.policyId)).toEqual([block]);
    // A named inactive policy exists, so no 404, but it does not evaluate.
    const inactive = (await h().client.createCheckpoint({ caller: ws, action: "deploy", policyIds: [off] })).checkpoint!;
    expect(inactive).toMatchObject({ status: CheckpointStatus.PENDING, evals: [] });
  });

  it("takes the shortest applicable review timeout when none is requested", async () => {
    await h().client.createPolicy({ caller: ws, policy: { name: "R1", outcome: PolicyOutcome.REVIEW, reviewers: ["a"], timeoutSeconds: 900 } });
    await h().client.createPolicy({ caller: ws, policy: { name: "R2", outcome: PolicyOutcome.REVIEW, reviewers: ["a"], timeoutSeconds: 120 } });
    const cp = (await h().client.createCheckpoint({ caller: ws, action: "x" })).checkpoint!;
    const ms = (t: { seconds: bigint; nanos: number }) => Number(t.seconds) * 1000 + t.nanos / 1e6;
    expect(ms(cp.expiresAt!) - ms(cp.createdAt!)).toBe(120_000);
    const requested = (await h().client.createCheckpoint({ caller: ws, action: "x", timeoutSeconds: 30 })).checkpoint!;
    expect(ms(requested.expiresAt!) - ms(requested.createdAt!)).toBe(30_000);
  });

  it("creates exactly one checkpoint for N parallel requests with one idempotency key", async () => {
    const req = { caller: ws, action: "payments.send", payload: { amount: 5 }, idempotencyKey: "k-123" };
    const results = await Promise.allSettled(Array.from({ length: 8 }, () => h().client.createCheckpoint(req)));
    const ok = results.flatMap((r) => (r.status === "fulfilled" ? [r.value] : []));
    for (const r of results) {
      if (r.status === "rejected") expect(await rpcError(Promise.reject(r.reason))).toMatchObject({ code: "IDEMPOTENCY_IN_PROGRESS" });
    }
    expect(ok.filter((r) => !r.replayed)).toHaveLength(1);
    expect(new Set(ok.map((r) => r.checkpoint!.id)).size).toBe(1);
    expect((await h().client.listCheckpoints({ caller: ws })).checkpoints).toHaveLength(1);

    const replay = await h().client.createCheckpoint(req);
    expect(replay.replayed).toBe(true);
    expect(replay.checkpoint).toEqual(ok[0]!.checkpoint);
    expect(await rpcError(h().client.createCheckpoint({ ...req, payload: { amount: 6 } }))).toMatchObject({ code: "IDEMPOTENCY_KEY_REUSED" });
    // The key belongs to the API key that used it.
    const otherKey = await h().client.createCheckpoint({ ...req, caller: callerOf("ws_a", "creator", "key_2") });
    expect(otherKey.replayed).toBe(false);
    expect(otherKey.checkpoint!.id).not.toBe(ok[0]!.checkpoint!.id);
  });

  it("replays a validation error for the same key and body", async () => {
    const req = { caller: ws, action: "", idempotencyKey: "k-bad" };
    expect(await rpcError(h().client.createCheckpoint(req))).toMatchObject({ code: "VALIDATION_ERROR", field: "action" });
    expect(await rpcError(h().client.createCheckpoint(req))).toMatchObject({ code: "VALIDATION_ERROR", field: "action" });
  });
});
