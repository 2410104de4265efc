import { Code, ConnectError } from "@connectrpc/connect";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SYSTEM_ACTOR } from "../../../lib/audit/audit-event.js";
import { SqliteAuditLog } from "../../../lib/audit/sqlite-audit-log.js";
import { KeyedFanOut } from "../../../lib/bus/keyed-fan-out.js";
import { MemoryEventBus } from "../../../lib/bus/memory-event-bus.js";
import { systemClock } from "../../../lib/clock.js";
import { openSqlite, type SqliteDatabase } from "../../../lib/db/sqlite.js";
import { silentLogger } from "../../../lib/logger.js";
import type { Checkpoint } from "../domain/checkpoint.js";
import { CHECKPOINT_CHANGED_PATTERN, parseCheckpointChanged } from "../domain/checkpoint-changed.js";
import { SqliteCheckpointStore } from "../store/sqlite-checkpoint-store.js";
import { checkpointFixture } from "../../../test/support/checkpoint-fixture.js";
import { CheckpointLifecycle } from "./checkpoint-lifecycle.js";
import { waitForChange } from "./wait-for-change.js";

const logger = silentLogger();

function pending(id: string, expiresAt: number): Checkpoint {
  return checkpointFixture({ id, action: "deploy", reason: "r", expiresAt, createdAt: Date.now() });
}

describe("waitForChange", () => {
  let db: SqliteDatabase;
  let bus: MemoryEventBus;
  let fanOut: KeyedFanOut;
  let lifecycle: CheckpointLifecycle;

  beforeEach(() => {
    db = openSqlite(":memory:");
    bus = new MemoryEventBus({ logger });
    fanOut = new KeyedFanOut({ bus, pattern: CHECKPOINT_CHANGED_PATTERN, keyOf: (_s, e) => parseCheckpointChanged(e)?.id, logger });
    const auth = { signDecision: async () => ({ token: "signed" }) } as never;
    lifecycle = new CheckpointLifecycle({ store: new SqliteCheckpointStore(db), auth, bus, audit: new SqliteAuditLog(db), clock: systemClock, logger });
  });
  afterEach(async () => {
    fanOut.close();
    await bus.close();
    db.close();
  });

  it("frees its listener when the caller aborts", async () => {
    await lifecycle.create(pending("cp_1", Date.now() + 60_000), undefined, SYSTEM_ACTOR);
    const abort = new AbortController();
    const waiting = waitForChange({ lifecycle, fanOut }, "ws_a", "cp_1", 30_000, abort.signal);
    await new Promise((r) => setTimeout(r, 20));
    expect(fanOut.listenerCount).toBe(1);
    abort.abort();
    const err = await waiting.catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ConnectError);
    expect((err as ConnectError).code).toBe(Code.Canceled);
    expect(fanOut.listenerCount).toBe(0);
  });

  it("frees its listener after every outcome", async () => {
    await lifecycle.create(pending("cp_2", Date.now() + 60_000), undefined, SYSTEM_ACTOR);
    const res = await waitForChange({ lifecycle, fanOut }, "ws_a", "cp_2", 50);
    expect(res.changed).toBe(false);
    await expect(waitForChange({ lifecycle, fanOut }, "ws_a", "cp_missing", 50)).rejects.toThrow(/not found/);
    expect(fanOut.listenerCount).toBe(0);
  });

  it("sees a change stored between its registration and its first read (no lost wake-up)", async () => {
    const cp = await lifecycle.create(pending("cp_3", Date.now() + 60_000), undefined, SYSTEM_ACTOR);
    // The change lands before the waiter's first read; its event arrives after.
    const waiting = waitForChange({ lifecycle, fanOut }, "ws_a", "cp_3", 5000);
    await lifecycle.commit(cp, { ...cp, status: "cancelled", reason: "x", decidedAt: Date.now(), revision: 2 });
    const res = await waiting;
    expect(res.checkpoint.status).toBe("cancelled");
    expect(res.changed).toBe(true);
  });

  it("wakes every waiter of a checkpoint with one store read between them", async () => {
    const cp = await lifecycle.create(pending("cp_4", Date.now() + 60_000), undefined, SYSTEM_ACTOR);
    const waiters = Array.from({ length: 50 }, () => waitForChange({ lifecycle, fanOut }, "ws_a", "cp_4", 5000));
    await new Promise((r) => setTimeout(r, 50));
    const read = vi.spyOn(SqliteCheckpointStore.prototype, "get");
    try {
      await lifecycle.commit(cp, { ...cp, reason: "a vote", revision: 2 });
      const outcomes = await Promise.all(waiters);
      expect(outcomes.every((o) => o.changed && o.checkpoint.revision === 2)).toBe(true);
      expect(read).toHaveBeenCalledTimes(1);
    } finally {
      read.mockRestore();
    }
  });

  it("does not take a shared read that started before the change for the change", async () => {
    const cp = await lifecycle.create(pending("cp_5", Date.now() + 60_000), undefined, SYSTEM_ACTOR);
    const waiting = waitForChange({ lifecycle, fanOut }, "ws_a", "cp_5", 5000);
    await new Promise((r) => setTimeout(r, 20));
    // A read already under way when the change lands answers the old revision.
    const early = lifecycle.readShared("ws_a", "cp_5");
    await lifecycle.commit(cp, { ...cp, reason: "a vote", revision: 2 });
    expect((await early).revision).toBeLessThanOrEqual(2);
    const res = await waiting;
    expect(res).toMatchObject({ changed: true, checkpoint: { revision: 2 } });
  });
});
