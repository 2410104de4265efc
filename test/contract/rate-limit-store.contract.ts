import { expect, it } from "vitest";
import type { RateLimitStore } from "../../services/auth/store/rate-limit-store.js";

const W = 60_000;
const T0 = Date.UTC(2026, 0, 1, 12); // a window boundary
const cap = (n: number) => () => n;

/**
 * The RateLimitStore contract. `makeStore` returns a store over the test's
 * fresh backend; calling it twice gives two adapters on the same data, like
 * two replicas.
 */
export function rateLimitStoreContract(makeStore: () => RateLimitStore): void {
  it("counts admitted requests of the current window, per bucket", async () => {
    const store = makeStore();
    expect(await store.admit("k", T0, W, T0, cap(10))).toEqual({ admitted: true, current: 1, previous: 0 });
    expect(await store.admit("k", T0, W, T0 + 10, cap(10))).toEqual({ admitted: true, current: 2, previous: 0 });
    expect(await store.admit("other", T0, W, T0 + 10, cap(10))).toEqual({ admitted: true, current: 1, previous: 0 });
  });

  it("refuses beyond capacity without counting the refused request", async () => {
    const store = makeStore();
    for (let i = 1; i <= 3; i++) expect(await store.admit("k", T0, W, T0 + i, cap(3))).toMatchObject({ admitted: true, current: i });
    for (let i = 0; i < 5; i++) expect(await store.admit("k", T0, W, T0 + 10, cap(3))).toEqual({ admitted: false, current: 3, previous: 0 });
    // A larger capacity later in the window admits the next request as the 4th.
    expect(await store.admit("k", T0, W, T0 + 20, cap(4))).toEqual({ admitted: true, current: 4, previous: 0 });
  });

  it("asks for the capacity with the previous window's count, and forgets expired windows", async () => {
    const store = makeStore();
    for (let i = 0; i < 3; i++) await store.admit("k", T0, W, T0 + i, cap(10));
    const seen: number[] = [];
    const spy = (previous: number) => (seen.push(previous), 10);
    expect(await store.admit("k", T0 + W, W, T0 + W + 5, spy)).toEqual({ admitted: true, current: 1, previous: 3 });
    expect(await store.admit("k", T0 + 2 * W, W, T0 + 2 * W + 5, spy)).toEqual({ admitted: true, current: 1, previous: 1 });
    expect(await store.admit("k", T0 + 4 * W, W, T0 + 4 * W, spy)).toEqual({ admitted: true, current: 1, previous: 0 });
    expect(seen).toEqual([3, 1, 0]);
  });

  it("refuses at once when the previous window leaves no capacity", async () => {
    const store = makeStore();
    for (let i = 0; i < 4; i++) await store.admit("k", T0, W, T0, cap(4));
    expect(await store.admit("k", T0 + W, W, T0 + W, (previous) => 4 - previous)).toEqual({ admitted: false, current: 0, previous: 4 });
  });

  it("never lets concurrent replicas exceed the capacity, and loses no admission", async () => {
    const a = makeStore();
    const b = makeStore();
    const results = await Promise.all(Array.from({ length: 40 }, (_, i) => (i % 2 ? a : b).admit("hot", T0, W, T0 + i, cap(25))));
    const admitted = results.filter((r) => r.admitted);
    expect(admitted).toHaveLength(25);
    expect(new Set(admitted.map((r) => r.current)).size).toBe(25);
    expect(await a.admit("hot", T0, W, T0 + 100, cap(26))).toMatchObject({ admitted: true, current: 26 });
    expect(await b.admit("hot", T0, W, T0 + 100, cap(26))).toMatchObject({ admitted: false, current: 26 });
  });

  it("admits a hot key's concurrent burst exactly up to capacity across replicas, counting every ticket once", async () => {
    const a = makeStore();
    const b = makeStore();
    const burst = await Promise.all(Array.from({ length: 200 }, (_, i) => (i % 2 ? a : b).admit("fleet", T0, W, T0 + 1, cap(150))));
    const admitted = burst.filter((r) => r.admitted).map((r) => r.current).sort((x, y) => x - y);
    expect(admitted).toEqual(Array.from({ length: 150 }, (_, i) => i + 1));
    expect(burst.filter((r) => !r.admitted).every((r) => r.current === 150)).toBe(true);
    // The next window sees exactly what was admitted, from either replica.
    expect(await makeStore().admit("fleet", T0 + W, W, T0 + W + 3000, cap(1000))).toEqual({ admitted: true, current: 1, previous: 150 });
    expect(await a.admit("fleet", T0 + W, W, T0 + W + 3000, cap(1000))).toMatchObject({ admitted: true, current: 2, previous: 150 });
  });

  it("gives a replica that joins late the exact counts of both windows", async () => {
    const a = makeStore();
    for (let i = 0; i < 37; i++) await a.admit("k", T0, W, T0 + i, cap(100));
    for (let i = 0; i < 5; i++) await a.admit("k", T0 + W, W, T0 + W + i, cap(100));
    const late = makeStore();
    expect(await late.admit("k", T0 + W, W, T0 + W + 10, cap(100))).toEqual({ admitted: true, current: 6, previous: 37 });
  });

  it("claims a poll slot, refuses a second claim within the spacing, then allows it", async () => {
    const store = makeStore();
    expect(await store.claimSlot("key_1|cp_1", T0 + 300, 1000)).toEqual({ claimed: true });
    expect(await store.claimSlot("key_1|cp_1", T0 + 700, 1000)).toEqual({ claimed: false, retryAfterMs: 600 });
    // Across a spacing-period boundary the earlier claim still counts.
    expect(await store.claimSlot("key_1|cp_1", T0 + 1200, 1000)).toEqual({ claimed: false, retryAfterMs: 100 });
    expect(await store.claimSlot("key_1|cp_1", T0 + 1300, 1000)).toEqual({ claimed: true });
    expect(await store.claimSlot("key_1|cp_1", T0 + 2299, 1000)).toEqual({ claimed: false, retryAfterMs: 1 });
  });

  it("keeps poll slots of different keys and resources apart", async () => {
    const store = makeStore();
    expect(await store.claimSlot("key_1|cp_1", T0, 1000)).toEqual({ claimed: true });
    expect(await store.claimSlot("key_1|cp_2", T0, 1000)).toEqual({ claimed: true });
    expect(await store.claimSlot("key_2|cp_1", T0, 1000)).toEqual({ claimed: true });
  });

  it("lets one of concurrent claims of a slot win, across replicas", async () => {
    const a = makeStore();
    const b = makeStore();
    const claims = await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 ? a : b).claimSlot("key_1|cp_9", T0 + 10, 1000)));
    expect(claims.filter((c) => c.claimed)).toHaveLength(1);
  });

  it("purges expired windows and slots only", async () => {
    const store = makeStore();
    await store.admit("k", T0, W, T0, cap(10));
    await store.claimSlot("s", T0, 1000);
    expect(await store.purgeExpired(T0 + 500)).toBe(0);
    expect(await store.purgeExpired(T0 + 2 * W)).toBeGreaterThanOrEqual(2);
    expect(await store.claimSlot("s", T0 + 2 * W, 1000)).toEqual({ claimed: true });
    expect(await store.admit("k", T0 + 2 * W, W, T0 + 2 * W, cap(10))).toEqual({ admitted: true, current: 1, previous: 0 });
  });
}
