import { beforeEach, describe, expect, it, vi } from "vitest";
import { ManualClock } from "../clock.js";
import {
  GatehouseError,
  IdempotencyKeyReusedError,
  NotFoundError,
  RateLimitedError,
  UnavailableError,
  ValidationError,
} from "../errors.js";
import { storeEngines } from "../../test/support/store-engines.js";
import { createIdempotencyStore } from "./create-idempotency-store.js";
import type { IdempotencyStore } from "./idempotency-store.js";
import { ReplayedError, isReplayedError } from "./replayed-error.js";
import { IDEMPOTENCY_LOCK_MS, IDEMPOTENCY_TTL_MS, runIdempotent, type RunIdempotentOptions } from "./run-idempotent.js";

interface Answer {
  id: string;
  status: string;
}

const SCOPE = "key_1:CreateCheckpoint";
const BODY = { action: "deploy", payload: { env: "prod", replicas: 3 } };

function deferred<T>(): { promise: Promise<T>; resolve: (v: T) => void } {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

async function rejectionOf(p: Promise<unknown>): Promise<any> {
  try {
    await p;
  } catch (err) {
    return err;
  }
  throw new Error("expected a rejection");
}

for (const engine of storeEngines()) {
  describe(`runIdempotent on ${engine.name}`, () => {
    const backend = engine.useBackend();
    let store: IdempotencyStore;
    let clock: ManualClock;
    let calls: number;

    beforeEach(() => {
      store = createIdempotencyStore(backend(), "test_idempotency");
      clock = new ManualClock();
      calls = 0;
    });

    /** A create operation answering a new ID per run, so a replay is told apart from a rerun. */
    function call(
      key: string,
      request: unknown = BODY,
      overrides: Partial<RunIdempotentOptions<Answer>> = {},
    ): Promise<{ value: Answer; replayed: boolean }> {
      return runIdempotent<Answer>({
        store,
        clock,
        scope: SCOPE,
        key,
        request: () => request,
        run: async () => ({ id: `cp_${++calls}`, status: "pending" }),
        encode: (v) => JSON.stringify(v),
        decode: (p) => JSON.parse(p) as Answer,
        ...overrides,
      });
    }

    describe("the key", () => {
      it("\"\" means no idempotency: every call runs", async () => {
        expect(await call("")).toEqual({ value: { id: "cp_1", status: "pending" }, replayed: false });
        expect(await call("")).toEqual({ value: { id: "cp_2", status: "pending" }, replayed: false });
      });

      it("rejects a blank key, naming the header, without running", async () => {
        const err = await rejectionOf(call("   "));
        expect(err).toBeInstanceOf(ValidationError);
        expect(err.extras.field).toBe("Idempotency-Key");
        expect(calls).toBe(0);
      });

      it("accepts 255 characters (code points) and rejects 256", async () => {
        await expect(call("k".repeat(255))).resolves.toMatchObject({ replayed: false });
        await expect(call("🙂".repeat(255))).resolves.toMatchObject({ replayed: false });
        const err = await rejectionOf(call("k".repeat(256)));
        expect(err).toBeInstanceOf(ValidationError);
        expect(err.message).toMatch(/Idempotency-Key.*255/);
        expect(calls).toBe(2);
      });
    });

    describe("replay", () => {
      it("runs once, then answers the stored value with replayed: true", async () => {
        const first = await call("k1");
        expect(first).toEqual({ value: { id: "cp_1", status: "pending" }, replayed: false });
        const second = await call("k1");
        expect(second).toEqual({ value: { id: "cp_1", status: "pending" }, replayed: true });
        expect(calls).toBe(1);
      });

      it("compares bodies as parsed JSON: key order does not matter", async () => {
        await call("k1", { a: 1, b: { c: [1, 2], d: "x" } });
        const again = await call("k1", { b: { d: "x", c: [1, 2] }, a: 1 });
        expect(again.replayed).toBe(true);
        expect(calls).toBe(1);
      });

      it("rejects the key with a different body (422), without running", async () => {
        await call("k1");
        const err = await rejectionOf(call("k1", { ...BODY, action: "delete" }));
        expect(err).toBeInstanceOf(IdempotencyKeyReusedError);
        expect(err.code).toBe("IDEMPOTENCY_KEY_REUSED");
        // Array order does matter: it is part of the JSON value.
        await call("k2", { list: [1, 2] });
        expect((await rejectionOf(call("k2", { list: [2, 1] }))).code).toBe("IDEMPOTENCY_KEY_REUSED");
        expect(calls).toBe(2);
      });

      it("keeps scopes apart: the same key under another API key or operation runs anew", async () => {
        await call("k1");
        const other = await call("k1", BODY, { scope: "key_2:CreateCheckpoint" });
        expect(other).toEqual({ value: { id: "cp_2", status: "pending" }, replayed: false });
        const scan = await call("k1", { content: "x" }, { scope: "key_1:Scan" });
        expect(scan.replayed).toBe(false);
        expect(calls).toBe(3);
      });

      it("keeps the answer 24 hours, then runs anew", async () => {
        await call("k1");
        clock.advance(IDEMPOTENCY_TTL_MS - 1);
        expect((await call("k1")).replayed).toBe(true);
        clock.advance(1);
        expect(await call("k1")).toEqual({ value: { id: "cp_2", status: "pending" }, replayed: false });
        // The new answer is the one kept now, and a new body is accepted after expiry.
        expect(await call("k1")).toEqual({ value: { id: "cp_2", status: "pending" }, replayed: true });
        clock.advance(IDEMPOTENCY_TTL_MS);
        expect((await call("k1", { other: true })).replayed).toBe(false);
      });
    });

    describe("a request still running", () => {
      it("answers 409 IDEMPOTENCY_IN_PROGRESS with retry-after 1, or 422 for another body", async () => {
        const started = deferred<void>();
        const gate = deferred<void>();
        const first = call("k1", BODY, {
          run: async () => {
            started.resolve();
            await gate.promise;
            return { id: `cp_${++calls}`, status: "pending" };
          },
        });
        await started.promise;
        const err = await rejectionOf(call("k1"));
        expect(err).toBeInstanceOf(GatehouseError);
        expect(err.code).toBe("IDEMPOTENCY_IN_PROGRESS");
        expect(err.extras).toEqual({ retryAfterSeconds: 1 });
        expect((await rejectionOf(call("k1", { other: 1 }))).code).toBe("IDEMPOTENCY_KEY_REUSED");
        gate.resolve();
        expect(await first).toEqual({ value: { id: "cp_1", status: "pending" }, replayed: false });
        expect(await call("k1")).toEqual({ value: { id: "cp_1", status: "pending" }, replayed: true });
        expect(calls).toBe(1);
      });

      it("is taken over once its lock runs out (its owner crashed)", async () => {
        await store.claim({ scope: SCOPE, key: "k1", fingerprint: "whatever", now: clock.now(), ttlMs: IDEMPOTENCY_TTL_MS, lockMs: IDEMPOTENCY_LOCK_MS });
        expect((await rejectionOf(call("k1"))).code).toBe("IDEMPOTENCY_KEY_REUSED");
        clock.advance(IDEMPOTENCY_LOCK_MS);
        expect(await call("k1")).toEqual({ value: { id: "cp_1", status: "pending" }, replayed: false });
      });

      it("runs the operation exactly once for 20 parallel calls with one key", async () => {
        const run = vi.fn(async () => {
          await new Promise((r) => setTimeout(r, 30));
          return { id: "cp_only", status: "pending" };
        });
        const settled = await Promise.allSettled(Array.from({ length: 20 }, () => call("k1", BODY, { run })));
        expect(run).toHaveBeenCalledTimes(1);
        const fresh = settled.filter((s) => s.status === "fulfilled" && !s.value.replayed);
        expect(fresh).toHaveLength(1);
        for (const s of settled) {
          if (s.status === "fulfilled") expect(s.value.value).toEqual({ id: "cp_only", status: "pending" });
          else expect((s.reason as GatehouseError).code).toBe("IDEMPOTENCY_IN_PROGRESS");
        }
        // Calls made after it finished get the replay.
        expect(await call("k1", BODY, { run })).toEqual({ value: { id: "cp_only", status: "pending" }, replayed: true });
        expect(run).toHaveBeenCalledTimes(1);
      });
    });

    describe("failures", () => {
      it("stores a 4xx-class error and replays it identically, marked replayed", async () => {
        const run = vi.fn(async (): Promise<Answer> => {
          throw new ValidationError("timeout_seconds", "must be an integer from 1 to 604800");
        });
        const first = await rejectionOf(call("k1", BODY, { run }));
        expect(first).toBeInstanceOf(ValidationError);
        expect(isReplayedError(first)).toBe(false);

        const second = await rejectionOf(call("k1", BODY, { run }));
        expect(second).toBeInstanceOf(ReplayedError);
        expect(second).toBeInstanceOf(GatehouseError);
        expect(isReplayedError(second)).toBe(true);
        expect(second.replayed).toBe(true);
        expect({ code: second.code, message: second.message, extras: second.extras }).toEqual({
          code: first.code,
          message: first.message,
          extras: first.extras,
        });
        expect(run).toHaveBeenCalledTimes(1);
      });

      it("replays an error without extras with empty extras", async () => {
        const run = async (): Promise<Answer> => {
          throw new NotFoundError("agent", "ag_1");
        };
        await rejectionOf(call("k1", BODY, { run }));
        const again = await rejectionOf(call("k1", BODY, { run }));
        expect(again).toMatchObject({ code: "NOT_FOUND", message: 'agent "ag_1" not found', extras: {}, replayed: true });
      });

      it.each([
        ["an unexpected Error", () => new Error("boom")],
        ["INTERNAL", () => new GatehouseError("INTERNAL", "internal error")],
        ["UNAVAILABLE", () => new UnavailableError()],
        ["RATE_LIMITED (transient)", () => new RateLimitedError("RATE_LIMITED", "slow down", 2)],
      ])("does not store %s: the key is released and a retry runs again", async (_name, makeError) => {
        const error = makeError();
        const err = await rejectionOf(
          call("k1", BODY, {
            run: async () => {
              calls++;
              throw error;
            },
          }),
        );
        expect(err).toBe(error);
        expect(await call("k1")).toEqual({ value: { id: "cp_2", status: "pending" }, replayed: false });
        expect((await call("k1")).replayed).toBe(true);
      });

      it("treats a failing encode like a failed run: released, rethrown", async () => {
        const err = await rejectionOf(
          call("k1", BODY, {
            encode: () => {
              throw new TypeError("cannot encode");
            },
          }),
        );
        expect(err).toBeInstanceOf(TypeError);
        expect((await call("k1")).replayed).toBe(false);
      });

      it("still answers when the store cannot record the result, and reports it", async () => {
        const storeError = new Error("store down");
        const failing: IdempotencyStore = {
          claim: (input) => store.claim(input),
          complete: async () => {
            throw storeError;
          },
          release: (scope, key, token) => store.release(scope, key, token),
          purgeExpired: (now) => store.purgeExpired(now),
        };
        const onStoreError = vi.fn();
        const answer = await call("k1", BODY, { store: failing, onStoreError });
        expect(answer).toEqual({ value: { id: "cp_1", status: "pending" }, replayed: false });
        expect(onStoreError).toHaveBeenCalledWith(storeError);
        // The record stays in progress until its lock runs out rather than letting a retry rerun at once.
        expect((await rejectionOf(call("k1"))).code).toBe("IDEMPOTENCY_IN_PROGRESS");

        // A 4xx that cannot be stored is still the answer, and the key is released.
        const err = await rejectionOf(
          call("k2", BODY, {
            store: failing,
            onStoreError,
            run: async () => {
              throw new NotFoundError("agent", "ag_1");
            },
          }),
        );
        expect(err).toBeInstanceOf(NotFoundError);
        expect((await call("k2")).replayed).toBe(false);
      });

      it("rethrows the original failure when releasing the key fails too", async () => {
        const failing: IdempotencyStore = {
          claim: (input) => store.claim(input),
          complete: (...args) => store.complete(...args),
          release: async () => {
            throw new Error("store down");
          },
          purgeExpired: (now) => store.purgeExpired(now),
        };
        const onStoreError = vi.fn();
        const original = new Error("boom");
        const err = await rejectionOf(
          call("k1", BODY, {
            store: failing,
            onStoreError,
            run: async () => {
              throw original;
            },
          }),
        );
        expect(err).toBe(original);
        expect(onStoreError).toHaveBeenCalledOnce();
      });
    });
  });
}
