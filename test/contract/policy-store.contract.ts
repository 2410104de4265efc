import { beforeEach, expect, it } from "vitest";
import type { Policy, PolicySpec } from "../../services/govern/domain/policy.js";
import type { PolicyStore } from "../../services/govern/store/policy-store.js";
import { expectPropagated, type Propagation } from "./propagation.js";

const T0 = Date.UTC(2026, 0, 1);

function aSpec(overrides: Partial<PolicySpec> = {}): PolicySpec {
  return {
    name: "Policy",
    description: null,
    status: "active",
    groupIds: [],
    match: { actions: ["*"], agentIds: [], autonomyLevels: [], condition: null },
    outcome: "review",
    quorum: 1,
    reviewers: ["alice"],
    timeoutSeconds: null,
    timeoutOutcome: "expired",
    scan: null,
    ...overrides,
  };
}

function aPolicy(id: string, overrides: Partial<Policy> = {}): Policy {
  return { ...aSpec(), id, workspaceId: "ws_a", version: 1, createdAt: T0, updatedAt: T0, ...overrides };
}

/**
 * The contract every `PolicyStore` adapter meets. `makeStore` returns a store
 * on the test's fresh backend; calling it twice gives two replicas' stores,
 * which see each other's changes as soon as `propagation` says.
 */
export function policyStoreContract(makeStore: () => PolicyStore, propagation: Propagation = "immediate"): void {
  let store: PolicyStore;
  beforeEach(() => {
    store = makeStore();
  });

  it("round-trips every field", async () => {
    const p = aPolicy("pol_1", {
      description: "d",
      groupIds: ["finance"],
      match: { actions: ["payments.*", "db.?"], agentIds: ["agent_1"], autonomyLevels: ["L2", "L5"], condition: "payload.amount > 100" },
      quorum: 2,
      reviewers: ["alice", "bob"],
      timeoutSeconds: 600,
      timeoutOutcome: "rejected",
      scan: { onBlock: "review", onFlag: "ignore" },
    });
    await store.insert(p);
    expect(await store.get("ws_a", "pol_1")).toEqual(p);
    expect(await store.list("ws_a")).toEqual([p]);
  });

  it("changes and clears the timeout outcome and the scan gate by an update", async () => {
    await store.insert(aPolicy("pol_1", { scan: { onBlock: "block", onFlag: "review" } }));
    const gated = await store.updateSpec("ws_a", "pol_1", 1, aSpec({ timeoutOutcome: "rejected", scan: { onBlock: "review", onFlag: "review" } }), T0 + 1);
    expect(gated).toMatchObject({ timeoutOutcome: "rejected", scan: { onBlock: "review", onFlag: "review" }, version: 2 });
    expect(await store.get("ws_a", "pol_1")).toEqual(gated);
    const cleared = await store.updateSpec("ws_a", "pol_1", 2, aSpec(), T0 + 2);
    expect(cleared).toMatchObject({ timeoutOutcome: "expired", scan: null, version: 3 });
    expect(await store.get("ws_a", "pol_1")).toEqual(cleared);
  });

  it("keeps workspaces apart", async () => {
    await store.insert(aPolicy("pol_1"));
    expect(await store.get("ws_b", "pol_1")).toBeNull();
    expect(await store.list("ws_b")).toEqual([]);
  });

  it("lists in creation order, even within one millisecond, and filters by status", async () => {
    const ids = ["pol_z", "pol_a", "pol_m", "pol_b"];
    for (const [i, id] of ids.entries()) await store.insert(aPolicy(id, { status: i === 2 ? "inactive" : "active" }));
    expect((await store.list("ws_a")).map((p) => p.id)).toEqual(ids);
    expect((await store.list("ws_a", "active")).map((p) => p.id)).toEqual(["pol_z", "pol_a", "pol_b"]);
    expect((await store.list("ws_a", "inactive")).map((p) => p.id)).toEqual(["pol_m"]);
  });

  it("updates the spec at the expected version only, bumping version and updated_at", async () => {
    await store.insert(aPolicy("pol_1"));
    const spec = aSpec({ name: "Renamed", outcome: "block", reviewers: [], match: { actions: ["x"], agentIds: [], autonomyLevels: [], condition: "true" } });
    expect(await store.updateSpec("ws_a", "pol_1", 2, spec, T0 + 5)).toBeNull();
    expect(await store.updateSpec("ws_b", "pol_1", 1, spec, T0 + 5)).toBeNull();
    const updated = await store.updateSpec("ws_a", "pol_1", 1, spec, T0 + 5);
    expect(updated).toEqual({ ...spec, id: "pol_1", workspaceId: "ws_a", version: 2, createdAt: T0, updatedAt: T0 + 5 });
    expect(await store.get("ws_a", "pol_1")).toEqual(updated);
  });

  it("lets exactly one of N concurrent updates from one version win, across replicas", async () => {
    await store.insert(aPolicy("pol_1"));
    const replicas = [store, makeStore()];
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => replicas[i % 2]!.updateSpec("ws_a", "pol_1", 1, aSpec({ name: `n${i}` }), T0 + i)),
    );
    const winners = results.filter((r) => r !== null);
    expect(winners).toHaveLength(1);
    expect((await store.get("ws_a", "pol_1"))!).toMatchObject({ name: winners[0]!.name, version: 2 });
  });

  it("answers ping", async () => {
    expect(await store.ping()).toBe(true);
  });

  it(`lists policies created and updated through another replica ${propagation === "immediate" ? "at once" : "within 1 s"}`, async () => {
    const other = makeStore();
    expect(await other.list("ws_a")).toEqual([]);
    await store.insert(aPolicy("pol_1"));
    await expectPropagated(propagation, async () => (await other.list("ws_a")).map((p) => p.id), ["pol_1"]);
    await store.updateSpec("ws_a", "pol_1", 1, aSpec({ status: "inactive" }), T0 + 1);
    await expectPropagated(propagation, async () => (await other.list("ws_a", "active")).length, 0);
    expect((await other.list("ws_a"))[0]).toMatchObject({ id: "pol_1", status: "inactive", version: 2 });
  });
}
