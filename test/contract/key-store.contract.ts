import { expect, it } from "vitest";
import type { ApiKeyRecord } from "../../services/auth/domain/api-key.js";
import type { KeyStore } from "../../services/auth/store/key-store.js";
import { expectPropagated, type Propagation } from "./propagation.js";

const T0 = Date.UTC(2026, 0, 1);
let seq = 0;

function key(over: Partial<ApiKeyRecord> = {}): ApiKeyRecord {
  seq++;
  return {
    id: `key_${String(seq).padStart(4, "0")}`,
    workspaceId: "ws_a",
    name: `key ${seq}`,
    scopes: ["secure:rules:read"],
    allowedIps: [],
    subject: `subject ${seq}`,
    secretPrefix: "gh_abcde",
    secretHash: seq.toString(16).padStart(64, "0"),
    createdAt: T0 + seq,
    revokedAt: null,
    ...over,
  };
}

/**
 * The KeyStore contract. `makeStore` returns a store over the test's fresh
 * backend; calling it twice gives two adapters on the same data (replicas).
 */
export function keyStoreContract(makeStore: () => KeyStore, propagation: Propagation = "immediate"): void {
  it("inserts a key and finds it by secret hash and by workspace + ID", async () => {
    const store = makeStore();
    const k = key({ scopes: ["secure:rules:read", "admin:keys:write"], allowedIps: ["10.0.0.0/8", "::1"] });
    expect(await store.insert(k)).toBe("inserted");
    expect(await store.findBySecretHash(k.secretHash)).toEqual(k);
    expect(await store.get("ws_a", k.id)).toEqual(k);
  });

  it("does not find a key through another workspace", async () => {
    const store = makeStore();
    const k = key();
    await store.insert(k);
    expect(await store.get("ws_b", k.id)).toBeNull();
    expect(await store.findBySecretHash("f".repeat(64))).toBeNull();
  });

  it("refuses a second key with the same secret hash or ID", async () => {
    const store = makeStore();
    const k = key();
    await store.insert(k);
    expect(await store.insert(key({ secretHash: k.secretHash }))).toBe("duplicate");
    expect(await store.insert(key({ id: k.id }))).toBe("duplicate");
    expect(await store.list("ws_a")).toHaveLength(1);
  });

  it("lets one of concurrent inserts with one secret hash win, across adapters", async () => {
    const a = makeStore();
    const b = makeStore();
    const hash = "a".repeat(64);
    const results = await Promise.all(Array.from({ length: 8 }, (_, i) => (i % 2 ? a : b).insert(key({ secretHash: hash }))));
    expect(results.filter((r) => r === "inserted")).toHaveLength(1);
  });

  it("keeps the bootstrap slot unique while keys without one are unconstrained", async () => {
    const store = makeStore();
    expect(await store.insert(key())).toBe("inserted");
    expect(await store.insert(key())).toBe("inserted");
    const first = key({ bootstrapSlot: "default" });
    expect(await store.insert(first)).toBe("inserted");
    expect(await store.insert(key({ bootstrapSlot: "default" }))).toBe("duplicate");
    expect(await store.insert(key({ bootstrapSlot: "ws_other" }))).toBe("inserted");
    expect((await store.get("ws_a", first.id))?.bootstrapSlot).toBe("default");
  });

  it("lists a workspace's keys newest first", async () => {
    const store = makeStore();
    const older = key({ createdAt: T0 + 10 });
    const newer = key({ createdAt: T0 + 20 });
    const foreign = key({ workspaceId: "ws_b" });
    for (const k of [older, newer, foreign]) await store.insert(k);
    expect((await store.list("ws_a")).map((k) => k.id)).toEqual([newer.id, older.id]);
    expect((await store.list("ws_b")).map((k) => k.id)).toEqual([foreign.id]);
    expect(await store.list("ws_c")).toEqual([]);
  });

  it("tells whether a workspace has any key", async () => {
    const store = makeStore();
    expect(await store.hasAny("ws_a")).toBe(false);
    await store.insert(key({ revokedAt: T0 }));
    expect(await store.hasAny("ws_a")).toBe(true);
    expect(await store.hasAny("ws_b")).toBe(false);
  });

  it("revokes once: a second revocation keeps the first time", async () => {
    const store = makeStore();
    const k = key();
    await store.insert(k);
    expect(await store.revoke("ws_a", k.id, T0 + 1000)).toEqual({ ...k, revokedAt: T0 + 1000 });
    expect(await store.revoke("ws_a", k.id, T0 + 5000)).toEqual({ ...k, revokedAt: T0 + 1000 });
    expect((await store.findBySecretHash(k.secretHash))?.revokedAt).toBe(T0 + 1000);
  });

  it("does not revoke another workspace's key", async () => {
    const store = makeStore();
    const k = key();
    await store.insert(k);
    expect(await store.revoke("ws_b", k.id, T0)).toBeNull();
    expect(await store.revoke("ws_a", "key_missing", T0)).toBeNull();
    expect((await store.get("ws_a", k.id))?.revokedAt).toBeNull();
  });

  it("replaces the scopes of a key", async () => {
    const store = makeStore();
    const k = key();
    await store.insert(k);
    expect(await store.setScopes("ws_a", k.id, ["secure:rules:read", "secure:rules:write"])).toBe(true);
    expect((await store.get("ws_a", k.id))?.scopes).toEqual(["secure:rules:read", "secure:rules:write"]);
    expect(await store.setScopes("ws_b", k.id, [])).toBe(false);
  });

  it(`sees a revocation and a scope change made through another adapter ${propagation === "immediate" ? "at once" : "within 1 s"}`, async () => {
    const a = makeStore();
    const b = makeStore();
    const k = key();
    await a.insert(k);
    expect((await b.findBySecretHash(k.secretHash))?.revokedAt).toBeNull();
    await a.setScopes("ws_a", k.id, ["govern:checkpoints:read"]);
    await a.revoke("ws_a", k.id, T0 + 7);
    await expectPropagated(propagation, async () => (await b.findBySecretHash(k.secretHash))?.revokedAt, T0 + 7);
    expect((await b.findBySecretHash(k.secretHash))?.scopes).toEqual(["govern:checkpoints:read"]);
  });
}
