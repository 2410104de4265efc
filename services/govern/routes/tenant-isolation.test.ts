import { expect, it } from "vitest";
import { PolicyOutcome, VoteDecision } from "../../../gen/gatehouse/govern/v1/govern_pb.js";
import { callerOf, onEveryEngine, rpcError } from "../../../test/support/govern-harness.js";

const a = callerOf("ws_a", "alice");
const b = callerOf("ws_b", "alice");

onEveryEngine({}, (h) => {
  it("treats another workspace's IDs as non-existent on every RPC", async () => {
    const agent = (await h().client.createAgent({ caller: a, name: "A" })).agent!;
    const policy = (await h().client.createPolicy({ caller: a, policy: { name: "Block", outcome: PolicyOutcome.BLOCK, match: { actions: ["never"] } } })).policy!;
    const cp = (await h().client.createCheckpoint({ caller: a, action: "deploy" })).checkpoint!;
    const webhook = (await h().client.createWebhook({ caller: a, url: "https://93.184.215.14/hook", events: ["checkpoint.created"] })).webhook!;
    const c = h().client;
    const notFound = { code: "NOT_FOUND" };

    expect(await rpcError(c.getCheckpoint({ caller: b, id: cp.id }))).toMatchObject(notFound);
    expect(await rpcError(c.waitCheckpoint({ caller: b, id: cp.id, timeoutSeconds: 1 }))).toMatchObject(notFound);
    expect(await rpcError(c.decideCheckpoint({ caller: b, id: cp.id, decision: VoteDecision.APPROVE }))).toMatchObject(notFound);
    expect(await rpcError(c.cancelCheckpoint({ caller: b, id: cp.id }))).toMatchObject(notFound);
    expect(await rpcError(c.getPolicy({ caller: b, id: policy.id }))).toMatchObject(notFound);
    expect(await rpcError(c.updatePolicy({ caller: b, id: policy.id, policy: { name: "x" }, updateMask: { paths: ["name"] } }))).toMatchObject(notFound);
    expect(await rpcError(c.getAgent({ caller: b, id: agent.id }))).toMatchObject(notFound);
    expect(await rpcError(c.createCheckpoint({ caller: b, action: "deploy", agentId: agent.id }))).toMatchObject(notFound);
    expect(await rpcError(c.createCheckpoint({ caller: b, action: "deploy", policyIds: [policy.id] }))).toMatchObject(notFound);
    expect(await rpcError(c.listWebhookDeliveries({ caller: b, id: webhook.id }))).toMatchObject(notFound);
    expect(await rpcError(c.deleteWebhook({ caller: b, id: webhook.id }))).toMatchObject(notFound);

    expect((await c.listCheckpoints({ caller: b })).checkpoints).toEqual([]);
    expect((await c.listPolicies({ caller: b })).policies).toEqual([]);
    expect((await c.listActivePolicies({ caller: b })).policies).toEqual([]);
    expect((await c.listAgents({ caller: b })).agents).toEqual([]);
    expect((await c.listWebhooks({ caller: b })).webhooks).toEqual([]);
    expect((await c.listWebhooks({ caller: a })).webhooks.map((w) => w.id)).toEqual([webhook.id]);

    // Nothing of ws_b's touched ws_a's checkpoint.
    const still = (await c.getCheckpoint({ caller: a, id: cp.id })).checkpoint!;
    expect(still.revision).toBe(1);
  });

  it("evaluates a checkpoint only against its own workspace's policies", async () => {
    await h().client.createPolicy({ caller: a, policy: { name: "Block all", outcome: PolicyOutcome.BLOCK } });
    const cp = (await h().client.createCheckpoint({ caller: b, action: "deploy" })).checkpoint!;
    expect(cp.evals).toEqual([]);
    expect(cp.reason).toBe("no policy applies; awaiting a reviewer");
  });

  it("refuses a call without a workspace", async () => {
    expect(await rpcError(h().client.listAgents({}))).toMatchObject({ code: "VALIDATION_ERROR", field: "caller.workspace_id" });
  });
});
