import { expect, it } from "vitest";
import { AutonomyLevel, PolicyOutcome, PolicyStatus } from "../../../gen/gatehouse/govern/v1/govern_pb.js";
import { callerOf, onEveryEngine, rpcError } from "../../../test/support/govern-harness.js";

const ws = callerOf("ws_a", "admin");

onEveryEngine({}, (h) => {
  it("creates a policy with its defaults at version 1 and reads it back", async () => {
    const created = (await h().client.createPolicy({ caller: ws, policy: { name: "Payments", outcome: PolicyOutcome.REVIEW, reviewers: ["alice"] } })).policy!;
    expect(created).toMatchObject({
      workspaceId: "ws_a",
      name: "Payments",
      status: PolicyStatus.ACTIVE,
      version: 1,
      quorum: 1,
      reviewers: ["alice"],
      match: { actions: ["*"], agentIds: [], autonomyLevels: [] },
    });
    expect(created.id).toMatch(/^pol_/);
    expect((await h().client.getPolicy({ caller: ws, id: created.id })).policy).toEqual(created);
    expect((await h().client.listPolicies({ caller: ws })).policies).toEqual([created]);
  });

  it("refuses invalid policies, naming the REST field", async () => {
    const cases: Array<[string, object]> = [
      ["name", { outcome: PolicyOutcome.APPROVE }],
      ["outcome", { name: "x" }],
      ["reviewers", { name: "x", outcome: PolicyOutcome.REVIEW, quorum: 2, reviewers: ["a"] }],
      ["quorum", { name: "x", outcome: PolicyOutcome.REVIEW, quorum: 0, reviewers: ["a"] }],
      ["timeout_seconds", { name: "x", outcome: PolicyOutcome.REVIEW, reviewers: ["a"], timeoutSeconds: 604_801 }],
      ["match.condition", { name: "x", outcome: PolicyOutcome.BLOCK, match: { condition: "payload.amount >" } }],
      ["match.autonomy_levels[0]", { name: "x", outcome: PolicyOutcome.BLOCK, match: { autonomyLevels: [AutonomyLevel.UNSPECIFIED] } }],
      ["status", { name: "x", outcome: PolicyOutcome.BLOCK, status: 9 }],
    ];
    for (const [field, policy] of cases) {
      expect(await rpcError(h().client.createPolicy({ caller: ws, policy }))).toMatchObject({ code: "VALIDATION_ERROR", field });
    }
    expect((await h().client.listPolicies({ caller: ws })).policies).toEqual([]);
  });

  it("updates the masked fields, bumps the version, and honours expected_version", async () => {
    const p = (await h().client.createPolicy({ caller: ws, policy: { name: "P", outcome: PolicyOutcome.BLOCK, match: { actions: ["db.*"], condition: "true" } } })).policy!;
    const renamed = (
      await h().client.updatePolicy({ caller: ws, id: p.id, policy: { name: "Renamed", match: { actions: ["x.*"] } }, updateMask: { paths: ["name", "match.actions"] } })
    ).policy!;
    expect(renamed).toMatchObject({ name: "Renamed", version: 2, outcome: PolicyOutcome.BLOCK, match: { actions: ["x.*"], condition: "true" } });

    const off = (await h().client.updatePolicy({ caller: ws, id: p.id, policy: { status: PolicyStatus.INACTIVE }, updateMask: { paths: ["status"] }, expectedVersion: 2 })).policy!;
    expect(off).toMatchObject({ status: PolicyStatus.INACTIVE, version: 3 });
    expect((await h().client.listActivePolicies({ caller: ws })).policies).toEqual([]);
    expect((await h().client.listPolicies({ caller: ws })).policies.map((x) => x.version)).toEqual([3]);

    expect(await rpcError(h().client.updatePolicy({ caller: ws, id: p.id, policy: { name: "x" }, updateMask: { paths: ["name"] }, expectedVersion: 2 }))).toMatchObject({
      code: "VERSION_MISMATCH",
    });
    expect(await rpcError(h().client.updatePolicy({ caller: ws, id: p.id, policy: { name: "x" } }))).toMatchObject({ code: "VALIDATION_ERROR", field: "update_mask" });
    expect(await rpcError(h().client.updatePolicy({ caller: ws, id: p.id, policy: {}, updateMask: { paths: ["outcome"] } }))).toMatchObject({ field: "outcome" });
    expect(await rpcError(h().client.updatePolicy({ caller: ws, id: "pol_nope", policy: {}, updateMask: { paths: ["name"] } }))).toMatchObject({ code: "NOT_FOUND" });
    expect((await h().client.getPolicy({ caller: ws, id: p.id })).policy!.version).toBe(3);
  });

  it("applies concurrent updates one after another without losing any", async () => {
    const p = (await h().client.createPolicy({ caller: ws, policy: { name: "P", outcome: PolicyOutcome.BLOCK } })).policy!;
    await Promise.all(
      Array.from({ length: 6 }, (_, i) => h().client.updatePolicy({ caller: ws, id: p.id, policy: { groupIds: [`g${i}`] }, updateMask: { paths: ["group_ids"] } })),
    );
    expect((await h().client.getPolicy({ caller: ws, id: p.id })).policy!.version).toBe(7);
  });

  it("registers, gets and lists agents", async () => {
    const a1 = (await h().client.createAgent({ caller: ws, name: "Deployer", description: "ships code" })).agent!;
    const a2 = (await h().client.createAgent({ caller: ws, name: "Cleaner" })).agent!;
    expect(a1).toMatchObject({ workspaceId: "ws_a", name: "Deployer", description: "ships code" });
    expect(a1.id).toMatch(/^agent_/);
    expect(a2.description).toBeUndefined();
    expect((await h().client.getAgent({ caller: ws, id: a1.id })).agent).toEqual(a1);
    expect((await h().client.listAgents({ caller: ws })).agents.map((a) => a.id)).toEqual([a1.id, a2.id]);
    expect(await rpcError(h().client.getAgent({ caller: ws, id: "agent_nope" }))).toMatchObject({ code: "NOT_FOUND" });
    expect(await rpcError(h().client.createAgent({ caller: ws, name: "" }))).toMatchObject({ code: "VALIDATION_ERROR", field: "name" });
    expect(await rpcError(h().client.createAgent({ caller: ws, name: "x".repeat(201) }))).toMatchObject({ field: "name" });
    expect(await rpcError(h().client.createAgent({ caller: ws, name: "x", description: "d".repeat(2001) }))).toMatchObject({ field: "description" });
  });
});
