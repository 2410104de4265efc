import { describe, expect, it } from "vitest";
import { MemoryEventBus } from "../../../lib/bus/memory-event-bus.js";
import { ManualClock } from "../../../lib/clock.js";
import { silentLogger } from "../../../lib/logger.js";
import type { Rule } from "../domain/rule.js";
import { compileScanPlan, type ScanPlan } from "../domain/scan/compile-scan-plan.js";
import { aRule } from "../domain/scan/scan-fixture.js";
import type { RuleFilter } from "../store/rule-store.js";
import { ScanPlanCache } from "./scan-plan-cache.js";

/** A rule store over an in-memory list, counting reads; `gate` holds the next read. */
function fakeRules(initial: Rule[]) {
  const state = { rules: initial, reads: 0, gate: undefined as Promise<void> | undefined };
  return {
    state,
    async list(_ws: string, filter: RuleFilter = {}): Promise<Rule[]> {
      state.reads++;
      const snapshot = state.rules;
      const gate = state.gate;
      state.gate = undefined;
      if (gate) await gate;
      return snapshot.filter((r) => !filter.status || r.status === filter.status);
    },
  };
}

function counting() {
  const built: ScanPlan[] = [];
  return {
    built,
    compile: (rules: readonly Rule[]) => {
      const plan = compileScanPlan(rules);
      built.push(plan);
      return plan;
    },
  };
}

const ruleIds = (plan: ScanPlan) => plan.rules.map((r) => r.rule.id);

describe("ScanPlanCache", () => {
  it("compiles a workspace's plan once and serves it until a rule changes", async () => {
    const store = fakeRules([aRule("a")]);
    const c = counting();
    const cache = new ScanPlanCache({ rules: store, clock: new ManualClock(), logger: silentLogger(), compile: c.compile });
    const [p1, p2] = await Promise.all([cache.plan("ws"), cache.plan("ws")]);
    expect(p1).toBe(p2);
    expect(await cache.plan("ws")).toBe(p1);
    expect(store.state.reads).toBe(1);
    expect(c.built).toHaveLength(1);
    store.state.rules = [aRule("a", { version: 2 }), aRule("b")];
    await cache.rulesChanged("ws");
    const p3 = await cache.plan("ws");
    expect(ruleIds(p3)).toEqual(["a", "b"]);
    expect(c.built).toHaveLength(2);
  });

  it("reuses the compiled plan when a reload finds the same rule set (the key did not move)", async () => {
    const store = fakeRules([aRule("a"), aRule("d", { status: "draft" })]);
    const c = counting();
    const cache = new ScanPlanCache({ rules: store, clock: new ManualClock(), logger: silentLogger(), compile: c.compile });
    const p1 = await cache.plan("ws");
    cache.invalidate("ws");
    expect(await cache.plan("ws")).toBe(p1);
    expect(store.state.reads).toBe(2);
    expect(c.built).toHaveLength(1);
  });

  it("keeps workspaces apart", async () => {
    const store = fakeRules([aRule("a")]);
    const cache = new ScanPlanCache({ rules: store, clock: new ManualClock(), logger: silentLogger() });
    await cache.plan("ws_1");
    await cache.plan("ws_2");
    await cache.rulesChanged("ws_1");
    await cache.plan("ws_2");
    expect(store.state.reads).toBe(2);
    await cache.plan("ws_1");
    expect(store.state.reads).toBe(3);
  });

  it("does not keep a load an invalidation overtook: the next scan loads again", async () => {
    const store = fakeRules([aRule("old")]);
    const cache = new ScanPlanCache({ rules: store, clock: new ManualClock(), logger: silentLogger() });
    let release!: () => void;
    store.state.gate = new Promise<void>((r) => (release = r));
    const slow = cache.plan("ws");
    await new Promise((r) => setTimeout(r, 5));
    store.state.rules = [aRule("new")];
    await cache.rulesChanged("ws");
    const fresh = cache.plan("ws");
    release();
    expect(ruleIds(await slow)).toEqual(["old"]);
    expect(ruleIds(await fresh)).toEqual(["new"]);
    expect(ruleIds(await cache.plan("ws"))).toEqual(["new"]);
  });

  it("rebuilds on another replica's change announced on the bus, ignoring its own", async () => {
    const bus = new MemoryEventBus({ logger: silentLogger() });
    const store = fakeRules([aRule("a")]);
    const here = new ScanPlanCache({ rules: store, clock: new ManualClock(), logger: silentLogger(), bus });
    const there = new ScanPlanCache({ rules: store, clock: new ManualClock(), logger: silentLogger(), bus });
    await here.plan("ws");
    await there.plan("ws");
    store.state.rules = [aRule("a"), aRule("b")];
    await here.rulesChanged("ws");
    await new Promise((r) => setTimeout(r, 20));
    expect(ruleIds(await there.plan("ws"))).toEqual(["a", "b"]);
    expect(ruleIds(await here.plan("ws"))).toEqual(["a", "b"]);
    // here: first load and the reload after its own change; there: first load and the reload after the event.
    expect(store.state.reads).toBe(4);
    here.close();
    there.close();
    await bus.close();
  });

  it("re-checks a plan older than refreshMs in the background, serving the current one meanwhile", async () => {
    const clock = new ManualClock();
    const store = fakeRules([aRule("a")]);
    const cache = new ScanPlanCache({ rules: store, clock, logger: silentLogger(), refreshMs: 1000 });
    const p1 = await cache.plan("ws");
    store.state.rules = [aRule("a"), aRule("missed")];
    clock.advance(999);
    expect(await cache.plan("ws")).toBe(p1);
    expect(store.state.reads).toBe(1);
    clock.advance(1);
    expect(await cache.plan("ws")).toBe(p1);
    await new Promise((r) => setTimeout(r, 5));
    expect(ruleIds(await cache.plan("ws"))).toEqual(["a", "missed"]);
    expect(store.state.reads).toBe(2);
  });

  it("forgets the least recently used workspace beyond maxWorkspaces", async () => {
    const store = fakeRules([aRule("a")]);
    const cache = new ScanPlanCache({ rules: store, clock: new ManualClock(), logger: silentLogger(), maxWorkspaces: 2 });
    await cache.plan("w1");
    await cache.plan("w2");
    await cache.plan("w1");
    await cache.plan("w3");
    expect(store.state.reads).toBe(3);
    await cache.plan("w1");
    expect(store.state.reads).toBe(3);
    await cache.plan("w2");
    expect(store.state.reads).toBe(4);
  });
});
