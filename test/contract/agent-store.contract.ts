import { beforeEach, expect, it } from "vitest";
import type { Agent } from "../../services/govern/domain/agent.js";
import type { AgentStore } from "../../services/govern/store/agent-store.js";

const T0 = Date.UTC(2026, 0, 1);

function anAgent(id: string, overrides: Partial<Agent> = {}): Agent {
  return { id, workspaceId: "ws_a", name: `Agent ${id}`, description: null, createdAt: T0, ...overrides };
}

/** The contract every `AgentStore` adapter meets. `makeStore` returns a store on the test's fresh backend. */
export function agentStoreContract(makeStore: () => AgentStore): void {
  let store: AgentStore;
  beforeEach(() => {
    store = makeStore();
  });

  it("round-trips an agent", async () => {
    const a = anAgent("agent_1", { description: "Deploys things" });
    await store.insert(a);
    expect(await store.get("ws_a", "agent_1")).toEqual(a);
  });

  it("keeps workspaces apart", async () => {
    await store.insert(anAgent("agent_1"));
    expect(await store.get("ws_b", "agent_1")).toBeNull();
    expect(await store.list("ws_b")).toEqual([]);
  });

  it("lists in registration order, even within one millisecond", async () => {
    const ids = ["agent_z", "agent_a", "agent_m"];
    for (const id of ids) await store.insert(anAgent(id));
    await store.insert(anAgent("agent_other", { workspaceId: "ws_b" }));
    expect((await store.list("ws_a")).map((a) => a.id)).toEqual(ids);
  });

  it("refuses a second agent with the same ID in the workspace", async () => {
    await store.insert(anAgent("agent_1"));
    await expect(store.insert(anAgent("agent_1"))).rejects.toThrow();
  });

  it("answers ping", async () => {
    expect(await store.ping()).toBe(true);
  });
}
