import { expect, it } from "vitest";
import type { LeaseStore } from "../../lib/lease/lease-store.js";

/**
 * The LeaseStore contract. `makeStore` returns a store over the test's fresh
 * backend; calling it again gives another replica's adapter on the same data.
 */
export function leaseStoreContract(makeStore: () => LeaseStore): void {
  it("lets exactly one of many concurrent claims of an epoch win, and tells every claimer which", async () => {
    const replicas = Array.from({ length: 8 }, () => makeStore());
    const answers = await Promise.all(replicas.map((s, i) => s.claim("sweep", 42, `r${i}`)));
    const winners = new Set(answers);
    expect(winners.size).toBe(1);
    expect([...winners][0]).toMatch(/^r[0-7]$/);
  });

  it("answers a holder that claims its epoch again with itself, and keeps names and epochs apart", async () => {
    const a = makeStore();
    const b = makeStore();
    expect(await a.claim("sweep", 1, "a")).toBe("a");
    expect(await a.claim("sweep", 1, "a")).toBe("a");
    expect(await b.claim("sweep", 1, "b")).toBe("a");
    expect(await b.claim("sweep", 2, "b")).toBe("b");
    expect(await b.claim("purge", 1, "b")).toBe("b");
  });

  it("frees a forgotten epoch for the next claimer", async () => {
    const a = makeStore();
    const b = makeStore();
    await a.claim("sweep", 7, "a");
    await b.forget("sweep", 7);
    await b.forget("sweep", 999);
    expect(await b.claim("sweep", 7, "b")).toBe("b");
  });
}
