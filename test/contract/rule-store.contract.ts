import { beforeEach, describe, expect, it } from "vitest";
import { createRuleSpec } from "../../services/secure/domain/create-rule-spec.js";
import type { Rule, RuleSpec } from "../../services/secure/domain/rule.js";
import type { RuleStore } from "../../services/secure/store/rule-store.js";

const T0 = Date.UTC(2026, 0, 1);
const BUILT_IN_IDS = ["rule_builtin_prompt_injection", "rule_builtin_secrets", "rule_builtin_pii"];

function aSpec(overrides: Partial<RuleSpec> = {}): RuleSpec {
  return { ...createRuleSpec({ name: "Rule", type: "data_pattern" }), ...overrides };
}

function aRule(id: string, workspaceId: string, overrides: Partial<Rule> = {}): Rule {
  return {
    ...aSpec(),
    id,
    workspaceId,
    isBuiltIn: false,
    triggerCount: 0,
    lastTriggeredAt: null,
    version: 1,
    createdAt: T0,
    updatedAt: T0,
    ...overrides,
  };
}

/**
 * The contract every `RuleStore` adapter meets. `makeStore` returns a store
 * on the test's fresh backend; calling it twice gives two stores (as two
 * replicas would hold) over the same data.
 */
export function ruleStoreContract(makeStore: () => RuleStore): void {
  let store: RuleStore;
  beforeEach(() => {
    store = makeStore();
  });

  describe("built-in rules", () => {
    it("appear in a workspace on its first access, active, flagging, version 1, never triggered", async () => {
      const rules = await store.list("ws_a");
      expect(rules.map((r) => r.id)).toEqual(BUILT_IN_IDS);
      for (const r of rules) {
        expect(r).toMatchObject({
          workspaceId: "ws_a",
          isBuiltIn: true,
          status: "active",
          action: "flag",
          appliesToAll: true,
          version: 1,
          triggerCount: 0,
          lastTriggeredAt: null,
          detectionSensitivity: "medium",
        });
      }
      expect(rules.map((r) => r.patternLibraryIds)).toEqual([["prompt_injection"], ["secrets"], ["pii"]]);
    });

    it("are there when the first access is a get", async () => {
      const r = await store.get("ws_fresh", "rule_builtin_secrets");
      expect(r).toMatchObject({ isBuiltIn: true, type: "data_pattern", severity: "critical", workspaceId: "ws_fresh" });
    });

    it("are materialised once per workspace, even by several stores at the same moment", async () => {
      const other = makeStore();
      const [a, b] = await Promise.all([store.list("ws_a"), other.list("ws_a"), store.get("ws_a", "x"), other.get("ws_a", "y")]);
      expect(a!.map((r) => r.id)).toEqual(BUILT_IN_IDS);
      expect(b!.map((r) => r.id)).toEqual(BUILT_IN_IDS);
      expect((await makeStore().list("ws_a")).map((r) => r.id)).toEqual(BUILT_IN_IDS);
    });

    it("are each workspace's own copy", async () => {
      const a = await store.get("ws_a", "rule_builtin_pii");
      const b = await store.get("ws_b", "rule_builtin_pii");
      expect(a?.workspaceId).toBe("ws_a");
      expect(b?.workspaceId).toBe("ws_b");
    });

    it("cannot be changed by updateSpec", async () => {
      const r = await store.get("ws_a", "rule_builtin_pii");
      expect(await store.updateSpec("ws_a", "rule_builtin_pii", r!.version, aSpec({ name: "Mine" }), T0 + 1)).toBeNull();
      expect((await store.get("ws_a", "rule_builtin_pii"))?.name).toBe(r!.name);
    });
  });

  describe("insert and get", () => {
    it("round-trips every field", async () => {
      const rule = aRule("rule_1", "ws_a", {
        name: "Everything",
        description: "all fields",
        type: "tool_call",
        action: "block",
        severity: "critical",
        status: "active",
        appliesToAll: false,
        agentIds: ["agent_1", "agent_2"],
        dataDirection: "inbound",
        customPatterns: ["literal", "/re[g]ex/i"],
        toolNames: ["shell_*", "fs.write"],
        dataCategories: ["email"],
        dataDescriptions: ["salary figures"],
        dslStatements: ['detect("email")'],
        patternLibraryIds: ["pii", "secrets"],
        detectionSensitivity: "high",
        triggerCount: 7,
        lastTriggeredAt: T0 + 5,
        version: 3,
        createdAt: T0 + 1,
        updatedAt: T0 + 2,
      });
      await store.insert(rule);
      expect(await store.get("ws_a", "rule_1")).toEqual(rule);
    });

    it("round-trips null and empty values", async () => {
      const rule = aRule("rule_1", "ws_a");
      await store.insert(rule);
      expect(await store.get("ws_a", "rule_1")).toEqual(rule);
    });

    it("is visible to another store over the same data", async () => {
      await store.insert(aRule("rule_1", "ws_a"));
      expect((await makeStore().get("ws_a", "rule_1"))?.id).toBe("rule_1");
    });

    it("answers null for an unknown ID and for another workspace's rule", async () => {
      await store.insert(aRule("rule_1", "ws_a"));
      expect(await store.get("ws_a", "rule_2")).toBeNull();
      expect(await store.get("ws_b", "rule_1")).toBeNull();
    });

    it("refuses a second rule with the same ID in a workspace, but not in another", async () => {
      await store.insert(aRule("rule_1", "ws_a", { name: "first" }));
      await expect(store.insert(aRule("rule_1", "ws_a", { name: "second" }))).rejects.toThrow();
      await store.insert(aRule("rule_1", "ws_b", { name: "elsewhere" }));
      expect((await store.get("ws_a", "rule_1"))?.name).toBe("first");
      expect((await store.get("ws_b", "rule_1"))?.name).toBe("elsewhere");
    });
  });

  describe("list", () => {
    it("lists built-ins first, then the workspace's rules in creation order", async () => {
      // Same timestamp on purpose: ties must still keep insertion order.
      for (const id of ["rule_c", "rule_a", "rule_b"]) await store.insert(aRule(id, "ws_a"));
      await store.insert(aRule("rule_z", "ws_b"));
      expect((await store.list("ws_a")).map((r) => r.id)).toEqual([...BUILT_IN_IDS, "rule_c", "rule_a", "rule_b"]);
      expect((await store.list("ws_b")).map((r) => r.id)).toEqual([...BUILT_IN_IDS, "rule_z"]);
    });

    it("filters by status, by type and by both", async () => {
      await store.insert(aRule("r_draft_dsl", "ws_a", { type: "policy_dsl", status: "draft" }));
      await store.insert(aRule("r_active_tool", "ws_a", { type: "tool_call", status: "active" }));
      await store.insert(aRule("r_archived_data", "ws_a", { type: "data_pattern", status: "archived" }));
      await store.insert(aRule("r_active_data", "ws_a", { type: "data_pattern", status: "active" }));
      expect((await store.list("ws_a", { status: "draft" })).map((r) => r.id)).toEqual(["r_draft_dsl"]);
      expect((await store.list("ws_a", { status: "archived" })).map((r) => r.id)).toEqual(["r_archived_data"]);
      expect((await store.list("ws_a", { type: "data_pattern" })).map((r) => r.id)).toEqual([
        "rule_builtin_secrets",
        "rule_builtin_pii",
        "r_archived_data",
        "r_active_data",
      ]);
      expect((await store.list("ws_a", { status: "active", type: "tool_call" })).map((r) => r.id)).toEqual(["r_active_tool"]);
      expect((await store.list("ws_a", { status: "active" })).map((r) => r.id)).toEqual([
        ...BUILT_IN_IDS,
        "r_active_tool",
        "r_active_data",
      ]);
    });
  });

  describe("updateSpec", () => {
    it("replaces the spec, bumps the version and updated_at, and keeps the rest", async () => {
      await store.insert(aRule("rule_1", "ws_a", { triggerCount: 4, lastTriggeredAt: T0 + 3, customPatterns: ["a", "b"] }));
      const next = aSpec({
        name: "Renamed",
        description: "now described",
        status: "active",
        customPatterns: ["c"],
        dataDirection: "both",
        detectionSensitivity: "low",
      });
      const updated = await store.updateSpec("ws_a", "rule_1", 1, next, T0 + 10);
      const expected = {
        ...next,
        id: "rule_1",
        workspaceId: "ws_a",
        isBuiltIn: false,
        triggerCount: 4,
        lastTriggeredAt: T0 + 3,
        version: 2,
        createdAt: T0,
        updatedAt: T0 + 10,
      };
      expect(updated).toEqual(expected);
      expect(await store.get("ws_a", "rule_1")).toEqual(expected);
    });

    it("does nothing unless the stored version is the expected one", async () => {
      await store.insert(aRule("rule_1", "ws_a", { version: 2 }));
      expect(await store.updateSpec("ws_a", "rule_1", 1, aSpec({ name: "stale" }), T0 + 1)).toBeNull();
      expect(await store.updateSpec("ws_a", "rule_1", 3, aSpec({ name: "future" }), T0 + 1)).toBeNull();
      expect(await store.get("ws_a", "rule_1")).toMatchObject({ name: "Rule", version: 2, updatedAt: T0 });
    });

    it("does nothing for an unknown rule or another workspace's rule", async () => {
      await store.insert(aRule("rule_1", "ws_a"));
      expect(await store.updateSpec("ws_b", "rule_1", 1, aSpec({ name: "theirs" }), T0 + 1)).toBeNull();
      expect(await store.updateSpec("ws_a", "rule_9", 1, aSpec(), T0 + 1)).toBeNull();
      expect((await store.get("ws_a", "rule_1"))?.name).toBe("Rule");
    });

    it("lets exactly one of concurrent updates from the same version win", async () => {
      await store.insert(aRule("rule_1", "ws_a"));
      const stores = [store, makeStore()];
      const results = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          stores[i % 2]!.updateSpec("ws_a", "rule_1", 1, aSpec({ name: `writer ${i}` }), T0 + i),
        ),
      );
      const winners = results.filter((r) => r !== null);
      expect(winners).toHaveLength(1);
      const stored = await store.get("ws_a", "rule_1");
      expect(stored?.version).toBe(2);
      expect(stored?.name).toBe(winners[0]!.name);
    });

    it("reports every edit that landed as landed, however closely edits chain across stores", async () => {
      // Writers that retry until their edit lands, as UpdateRule does without an expected version:
      // an edit reported lost though a quick next edit was built on it would land twice.
      await store.insert(aRule("rule_1", "ws_a"));
      const stores = [store, makeStore()];
      let landed = 0;
      await Promise.all(
        Array.from({ length: 12 }, async (_, i) => {
          for (let round = 0; round < 3; round++) {
            for (;;) {
              const current = (await stores[i % 2]!.get("ws_a", "rule_1"))!;
              if (await stores[i % 2]!.updateSpec("ws_a", "rule_1", current.version, aSpec({ name: `w${i} r${round}` }), T0 + 1)) break;
            }
            landed++;
          }
        }),
      );
      expect(landed).toBe(36);
      expect((await store.get("ws_a", "rule_1"))?.version).toBe(1 + landed);
    }, 60_000);

    it("chains: each accepted update moves the version by one", async () => {
      await store.insert(aRule("rule_1", "ws_a"));
      for (let v = 1; v <= 4; v++) {
        expect((await store.updateSpec("ws_a", "rule_1", v, aSpec({ name: `v${v + 1}` }), T0 + v))?.version).toBe(v + 1);
      }
      expect(await store.get("ws_a", "rule_1")).toMatchObject({ name: "v5", version: 5, updatedAt: T0 + 4 });
    });
  });

  describe("recordTriggers", () => {
    it("adds counts and keeps the latest time, without touching version or updated_at", async () => {
      await store.insert(aRule("rule_1", "ws_a", { status: "active" }));
      await store.recordTriggers([{ workspaceId: "ws_a", ruleId: "rule_1", count: 2, lastTriggeredAt: T0 + 50 }]);
      await store.recordTriggers([{ workspaceId: "ws_a", ruleId: "rule_1", count: 3, lastTriggeredAt: T0 + 20 }]);
      expect(await store.get("ws_a", "rule_1")).toMatchObject({ triggerCount: 5, lastTriggeredAt: T0 + 50, version: 1, updatedAt: T0 });
      const listed = (await store.list("ws_a")).find((r) => r.id === "rule_1");
      expect(listed).toMatchObject({ triggerCount: 5, lastTriggeredAt: T0 + 50, version: 1 });
    });

    it("writes a batch for several rules and workspaces, built-ins included", async () => {
      await store.insert(aRule("rule_1", "ws_a"));
      await store.insert(aRule("rule_1", "ws_b"));
      await store.recordTriggers([
        { workspaceId: "ws_a", ruleId: "rule_1", count: 1, lastTriggeredAt: T0 + 1 },
        { workspaceId: "ws_b", ruleId: "rule_1", count: 7, lastTriggeredAt: T0 + 2 },
        { workspaceId: "ws_a", ruleId: "rule_builtin_pii", count: 4, lastTriggeredAt: T0 + 3 },
      ]);
      expect(await store.get("ws_a", "rule_1")).toMatchObject({ triggerCount: 1, lastTriggeredAt: T0 + 1 });
      expect(await store.get("ws_b", "rule_1")).toMatchObject({ triggerCount: 7, lastTriggeredAt: T0 + 2 });
      expect(await store.get("ws_a", "rule_builtin_pii")).toMatchObject({ triggerCount: 4, version: 1 });
      expect(await store.get("ws_b", "rule_builtin_pii")).toMatchObject({ triggerCount: 0, lastTriggeredAt: null });
    });

    it("keeps counts across an edit, and an edit keeps them", async () => {
      await store.insert(aRule("rule_1", "ws_a"));
      await store.recordTriggers([{ workspaceId: "ws_a", ruleId: "rule_1", count: 2, lastTriggeredAt: T0 + 5 }]);
      const edited = await store.updateSpec("ws_a", "rule_1", 1, aSpec({ name: "edited" }), T0 + 9);
      expect(edited).toMatchObject({ triggerCount: 2, lastTriggeredAt: T0 + 5, version: 2 });
      await store.recordTriggers([{ workspaceId: "ws_a", ruleId: "rule_1", count: 1, lastTriggeredAt: T0 + 11 }]);
      expect(await makeStore().get("ws_a", "rule_1")).toMatchObject({ triggerCount: 3, lastTriggeredAt: T0 + 11, version: 2, name: "edited" });
    });

    it("accepts an empty batch and ignores unknown rules", async () => {
      await store.recordTriggers([]);
      await store.recordTriggers([{ workspaceId: "ws_a", ruleId: "rule_nope", count: 1, lastTriggeredAt: T0 }]);
      expect(await store.get("ws_a", "rule_nope")).toBeNull();
    });
  });

  it("answers ping", async () => {
    expect(await store.ping()).toBe(true);
  });
}
