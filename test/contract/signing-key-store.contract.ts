import { expect, it } from "vitest";
import type { SigningKeyRecord } from "../../services/auth/domain/signing-key.js";
import type { SigningKeyStore } from "../../services/auth/store/signing-key-store.js";

const T0 = Date.UTC(2026, 0, 1);

function rec(generation: number, kid: string, privateJwk: string | null = null): SigningKeyRecord {
  return { generation, kid, publicJwk: { kty: "EC", crv: "P-256", x: `x-${kid}`, y: `y-${kid}` }, privateJwk, createdAt: T0 + generation };
}

/**
 * The SigningKeyStore contract. `makeStore` returns a store over the test's
 * fresh backend; calling it twice gives two adapters on the same data.
 */
export function signingKeyStoreContract(makeStore: () => SigningKeyStore): void {
  it("starts empty", async () => {
    expect(await makeStore().latest(5)).toEqual([]);
  });

  it("returns generations newest first, up to the limit", async () => {
    const store = makeStore();
    const g1 = rec(1, "a", '{"d":"secret"}');
    const g2 = rec(2, "b");
    const g3 = rec(3, "c");
    for (const r of [g1, g2, g3]) expect(await store.insertGeneration(r)).toBe(true);
    expect(await store.latest(2)).toEqual([g3, g2]);
    expect(await store.latest(10)).toEqual([g3, g2, g1]);
  });

  it("keeps the first record of a generation", async () => {
    const store = makeStore();
    expect(await store.insertGeneration(rec(1, "a"))).toBe(true);
    expect(await store.insertGeneration(rec(1, "b"))).toBe(false);
    expect((await store.latest(1))[0]?.kid).toBe("a");
  });

  it("lets one of concurrent first starts win generation 1", async () => {
    const a = makeStore();
    const b = makeStore();
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) => (i % 2 ? a : b).insertGeneration(rec(1, `k${i}`, `{"d":"${i}"}`))),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await a.latest(5)).toHaveLength(1);
  });
}
