import { beforeEach, describe, expect, it } from "vitest";
import type { ClaimInput, ClaimResult, IdempotencyStore, StoredOutcome } from "../../lib/idempotency/idempotency-store.js";

const T0 = Date.UTC(2026, 0, 1);
const TTL = 24 * 60 * 60 * 1000;
const LOCK = 60 * 1000;
const SCOPE = "key_1:CreateCheckpoint";

function input(overrides: Partial<ClaimInput> = {}): ClaimInput {
  return { scope: SCOPE, key: "k1", fingerprint: "fp1", now: T0, ttlMs: TTL, lockMs: LOCK, ...overrides };
}

function tokenOf(result: ClaimResult): string {
  if (result.kind !== "claimed") throw new Error(`expected a claim, got ${result.kind}`);
  return result.token;
}

const SUCCESS: StoredOutcome = { kind: "success", payload: "eyJpZCI6ImNwXzEifQ" };

/**
 * The contract every `IdempotencyStore` adapter meets. `makeStore` returns a
 * store on the test's fresh backend; calling it twice gives two stores (as two
 * replicas would hold) over the same records.
 */
export function idempotencyStoreContract(makeStore: () => IdempotencyStore): void {
  let store: IdempotencyStore;
  beforeEach(() => {
    store = makeStore();
  });

  describe("claim", () => {
    it("claims an unused key, with a token", async () => {
      const result = await store.claim(input());
      expect(result.kind).toBe("claimed");
      expect(tokenOf(result)).toMatch(/.+/);
    });

    it("answers in_progress with the first fingerprint while the claim holds", async () => {
      await store.claim(input());
      expect(await store.claim(input({ now: T0 + LOCK - 1 }))).toEqual({ kind: "in_progress", fingerprint: "fp1" });
      expect(await store.claim(input({ fingerprint: "fp2" }))).toEqual({ kind: "in_progress", fingerprint: "fp1" });
    });

    it("keeps scopes and keys apart, also when their text could be joined ambiguously", async () => {
      await store.claim(input({ scope: "a:b", key: "c" }));
      expect((await store.claim(input({ scope: "a", key: "b:c" }))).kind).toBe("claimed");
      expect((await store.claim(input({ scope: "a:b", key: "d" }))).kind).toBe("claimed");
      expect((await store.claim(input({ scope: "other", key: "c" }))).kind).toBe("claimed");
      expect((await store.claim(input({ scope: "a:b", key: "c" }))).kind).toBe("in_progress");
    });

    it("accepts keys of 255 characters of any script", async () => {
      const key = "é🙂".repeat(85) + "xyz-_:/ ";
      expect((await store.claim(input({ key }))).kind).toBe("claimed");
      expect((await store.claim(input({ key }))).kind).toBe("in_progress");
    });
  });

  describe("complete and replay", () => {
    it("answers completed with the fingerprint and the success outcome", async () => {
      const token = tokenOf(await store.claim(input()));
      await store.complete(SCOPE, "k1", SUCCESS, T0 + 5, token);
      const again = await store.claim(input({ now: T0 + 10, fingerprint: "fp2" }));
      expect(again).toStrictEqual({ kind: "completed", fingerprint: "fp1", outcome: SUCCESS });
    });

    it("round-trips an error outcome, with and without its optional fields", async () => {
      const full: StoredOutcome = { kind: "error", code: "VALIDATION_ERROR", message: "action: required", field: "action", retryAfterSeconds: 3 };
      const bare: StoredOutcome = { kind: "error", code: "NOT_FOUND", message: "agent \"a\" not found" };
      await store.claim(input({ key: "full" }));
      await store.claim(input({ key: "bare" }));
      await store.complete(SCOPE, "full", full, T0);
      await store.complete(SCOPE, "bare", { ...bare, field: undefined, retryAfterSeconds: undefined }, T0);
      expect(await store.claim(input({ key: "full" }))).toStrictEqual({ kind: "completed", fingerprint: "fp1", outcome: full });
      expect(await store.claim(input({ key: "bare" }))).toStrictEqual({ kind: "completed", fingerprint: "fp1", outcome: bare });
    });

    it("keeps a large payload intact", async () => {
      const payload = "A".repeat(200_000) + "é";
      await store.claim(input());
      await store.complete(SCOPE, "k1", { kind: "success", payload }, T0);
      const again = await store.claim(input());
      expect(again.kind === "completed" && again.outcome).toEqual({ kind: "success", payload });
    });

    it("is not taken over when the lock time passes: only expiry frees a completed record", async () => {
      await store.claim(input());
      await store.complete(SCOPE, "k1", SUCCESS, T0);
      expect((await store.claim(input({ now: T0 + LOCK * 10 }))).kind).toBe("completed");
      expect((await store.claim(input({ now: T0 + TTL - 1 }))).kind).toBe("completed");
    });

    it("never overwrites a completed record", async () => {
      await store.claim(input());
      await store.complete(SCOPE, "k1", SUCCESS, T0);
      await store.complete(SCOPE, "k1", { kind: "error", code: "INTERNAL", message: "late" }, T0 + 1);
      expect(await store.claim(input())).toEqual({ kind: "completed", fingerprint: "fp1", outcome: SUCCESS });
    });

    it("ignores complete for a key never claimed", async () => {
      await store.complete(SCOPE, "ghost", SUCCESS, T0);
      expect((await store.claim(input({ key: "ghost" }))).kind).toBe("claimed");
    });
  });

  describe("expiry", () => {
    it("lets a completed record be claimed again once past expiresAt, with the new fingerprint", async () => {
      await store.claim(input());
      await store.complete(SCOPE, "k1", SUCCESS, T0);
      expect((await store.claim(input({ now: T0 + TTL, fingerprint: "fp2" }))).kind).toBe("claimed");
      expect(await store.claim(input({ now: T0 + TTL + 1 }))).toEqual({ kind: "in_progress", fingerprint: "fp2" });
    });

    it("measures the TTL from the claim given by the caller", async () => {
      await store.claim(input({ ttlMs: 1000, lockMs: 500 }));
      await store.complete(SCOPE, "k1", SUCCESS, T0);
      expect((await store.claim(input({ now: T0 + 999 }))).kind).toBe("completed");
      expect((await store.claim(input({ now: T0 + 1000 }))).kind).toBe("claimed");
    });
  });

  describe("stale lock takeover", () => {
    it("lets an in_progress record whose lock ran out be taken over", async () => {
      await store.claim(input());
      const taken = await store.claim(input({ now: T0 + LOCK, fingerprint: "fp2" }));
      expect(taken.kind).toBe("claimed");
      expect(await store.claim(input({ now: T0 + LOCK + 1 }))).toEqual({ kind: "in_progress", fingerprint: "fp2" });
    });

    it("gives the new claim a fresh lock", async () => {
      await store.claim(input());
      await store.claim(input({ now: T0 + LOCK }));
      expect((await store.claim(input({ now: T0 + 2 * LOCK - 1 }))).kind).toBe("in_progress");
      expect((await store.claim(input({ now: T0 + 2 * LOCK }))).kind).toBe("claimed");
    });

    it("fences the old claimer: its token neither completes nor releases the new claim", async () => {
      const oldToken = tokenOf(await store.claim(input()));
      const newToken = tokenOf(await store.claim(input({ now: T0 + LOCK })));
      expect(newToken).not.toBe(oldToken);
      await store.complete(SCOPE, "k1", { kind: "error", code: "NOT_FOUND", message: "stale" }, T0 + LOCK + 1, oldToken);
      await store.release(SCOPE, "k1", oldToken);
      expect((await store.claim(input({ now: T0 + LOCK + 2 }))).kind).toBe("in_progress");
      await store.complete(SCOPE, "k1", SUCCESS, T0 + LOCK + 3, newToken);
      expect(await store.claim(input({ now: T0 + LOCK + 4 }))).toEqual({ kind: "completed", fingerprint: "fp1", outcome: SUCCESS });
    });
  });

  describe("release", () => {
    it("deletes an in_progress record so the key can be claimed again at once", async () => {
      const token = tokenOf(await store.claim(input()));
      await store.release(SCOPE, "k1", token);
      expect((await store.claim(input({ fingerprint: "fp2" }))).kind).toBe("claimed");
      expect(await store.claim(input())).toEqual({ kind: "in_progress", fingerprint: "fp2" });
    });

    it("works without a token", async () => {
      await store.claim(input());
      await store.release(SCOPE, "k1");
      expect((await store.claim(input())).kind).toBe("claimed");
    });

    it("never deletes a completed record, and ignores unknown keys", async () => {
      const token = tokenOf(await store.claim(input()));
      await store.complete(SCOPE, "k1", SUCCESS, T0, token);
      await store.release(SCOPE, "k1", token);
      await store.release(SCOPE, "k1");
      await store.release(SCOPE, "ghost");
      expect((await store.claim(input())).kind).toBe("completed");
    });
  });

  describe("purgeExpired", () => {
    it("deletes exactly the records at or past expiresAt, whatever their state", async () => {
      await store.claim(input({ key: "old-done", ttlMs: 1000 }));
      await store.complete(SCOPE, "old-done", SUCCESS, T0);
      await store.claim(input({ key: "old-running", ttlMs: 2000 }));
      await store.claim(input({ key: "live", ttlMs: 3000 }));
      await store.complete(SCOPE, "live", SUCCESS, T0);

      expect(await store.purgeExpired(T0 + 999)).toBe(0);
      expect(await store.purgeExpired(T0 + 2000)).toBe(2);
      expect(await store.purgeExpired(T0 + 2000)).toBe(0);
      // Still there: a claim at T0 (before any expiry) sees only the live record.
      expect((await store.claim(input({ key: "live" }))).kind).toBe("completed");
      expect((await store.claim(input({ key: "old-done" }))).kind).toBe("claimed");
      expect((await store.claim(input({ key: "old-running" }))).kind).toBe("claimed");
    });
  });

  describe("races", () => {
    it("answers exactly one of 20 concurrent claims of one key claimed", async () => {
      const results = await Promise.all(Array.from({ length: 20 }, () => store.claim(input())));
      expect(results.filter((r) => r.kind === "claimed")).toHaveLength(1);
      expect(results.filter((r) => r.kind === "in_progress")).toHaveLength(19);
    });

    it("answers exactly one of 20 concurrent claims across two stores (two replicas) claimed", async () => {
      const other = makeStore();
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) => (i % 2 ? other : store).claim(input({ fingerprint: `fp${i}` }))),
      );
      const winners = results.filter((r) => r.kind === "claimed");
      expect(winners).toHaveLength(1);
      const stored = await store.claim(input());
      expect(stored.kind).toBe("in_progress");
      // Everyone else saw the winner's record, the one that stays.
      for (const r of results) if (r.kind !== "claimed") expect(r).toEqual(stored);
    });

    it("lets exactly one of 20 concurrent claimers take over a stale lock", async () => {
      await store.claim(input());
      const later = T0 + LOCK + 5;
      const results = await Promise.all(Array.from({ length: 20 }, () => store.claim(input({ now: later }))));
      expect(results.filter((r) => r.kind === "claimed")).toHaveLength(1);
      expect(results.filter((r) => r.kind === "in_progress")).toHaveLength(19);
    });

    it("answers exactly one of 20 concurrent claims of a released key claimed", async () => {
      const token = tokenOf(await store.claim(input()));
      await store.release(SCOPE, "k1", token);
      const results = await Promise.all(Array.from({ length: 20 }, () => store.claim(input({ now: T0 + 1 }))));
      expect(results.filter((r) => r.kind === "claimed")).toHaveLength(1);
      expect(results.filter((r) => r.kind === "in_progress")).toHaveLength(19);
    });

    it("repeats a stale-lock takeover race over many keys without a second winner", async () => {
      const other = makeStore();
      for (let i = 0; i < 15; i++) {
        const key = `k${i}`;
        await store.claim(input({ key }));
        const results = await Promise.all(
          Array.from({ length: 12 }, (_, j) => (j % 2 ? other : store).claim(input({ key, now: T0 + LOCK }))),
        );
        expect(results.filter((r) => r.kind === "claimed")).toHaveLength(1);
      }
    });

    it("lets exactly one of 20 concurrent claimers take over an expired completed record", async () => {
      await store.claim(input());
      await store.complete(SCOPE, "k1", SUCCESS, T0);
      const later = T0 + TTL;
      const results = await Promise.all(Array.from({ length: 20 }, () => store.claim(input({ now: later }))));
      expect(results.filter((r) => r.kind === "claimed")).toHaveLength(1);
      expect(results.filter((r) => r.kind === "in_progress")).toHaveLength(19);
    });
  });
}
