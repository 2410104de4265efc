import { expect, it } from "vitest";
import type { WorkspaceStore } from "../../services/auth/store/workspace-store.js";

const T0 = Date.UTC(2026, 0, 1);

/**
 * The WorkspaceStore contract. `makeStore` returns a store over the test's
 * fresh backend; calling it twice gives two adapters on the same data, like
 * two replicas.
 */
export function workspaceStoreContract(makeStore: () => WorkspaceStore): void {
  it("inserts and reads back a workspace, times in ms", async () => {
    const store = makeStore();
    expect(await store.insertIfAbsent({ id: "ws_1", name: "Acme", createdAt: T0 + 123 })).toBe(true);
    expect(await store.get("ws_1")).toEqual({ id: "ws_1", name: "Acme", createdAt: T0 + 123 });
  });

  it("returns null for an unknown workspace", async () => {
    expect(await makeStore().get("ws_nope")).toBeNull();
  });

  it("keeps the first of two inserts with one ID", async () => {
    const store = makeStore();
    expect(await store.insertIfAbsent({ id: "default", name: "Default", createdAt: T0 })).toBe(true);
    expect(await store.insertIfAbsent({ id: "default", name: "Other", createdAt: T0 + 1 })).toBe(false);
    expect(await store.get("default")).toEqual({ id: "default", name: "Default", createdAt: T0 });
  });

  it("lets exactly one of concurrent inserts of one ID win", async () => {
    const a = makeStore();
    const b = makeStore();
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => (i % 2 ? a : b).insertIfAbsent({ id: "race", name: `n${i}`, createdAt: T0 })),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
  });
}
