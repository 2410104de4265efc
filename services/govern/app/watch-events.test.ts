import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { KeyedFanOut } from "../../../lib/bus/keyed-fan-out.js";
import { MemoryEventBus } from "../../../lib/bus/memory-event-bus.js";
import { systemClock } from "../../../lib/clock.js";
import { openSqlite, type SqliteDatabase } from "../../../lib/db/sqlite.js";
import { silentLogger } from "../../../lib/logger.js";
import { checkpointFixture, creation } from "../../../test/support/checkpoint-fixture.js";
import { CHECKPOINT_CHANGED_PATTERN, parseCheckpointChanged } from "../domain/checkpoint-changed.js";
import { SqliteCheckpointStore } from "../store/sqlite-checkpoint-store.js";
import { EVENT_LOOKBACK_MS, watchEvents, type WatchDeps } from "./watch-events.js";

const logger = silentLogger();

describe("watchEvents", () => {
  let db: SqliteDatabase;
  let bus: MemoryEventBus;
  let deps: WatchDeps;
  let store: SqliteCheckpointStore;
  let serial = 0;

  const insertAt = async (at: number) => {
    const cp = checkpointFixture({ id: `cp_${String(++serial).padStart(26, "0")}`, createdAt: at });
    await store.insert(cp, creation(cp));
    return cp;
  };

  beforeEach(() => {
    db = openSqlite(":memory:");
    bus = new MemoryEventBus({ logger });
    store = new SqliteCheckpointStore(db);
    const workspaceChanges = new KeyedFanOut({ bus, pattern: CHECKPOINT_CHANGED_PATTERN, keyOf: (_s, e) => parseCheckpointChanged(e)?.workspaceId, logger });
    deps = { checkpoints: store, workspaceChanges, clock: systemClock };
  });
  afterEach(async () => {
    deps.workspaceChanges.close();
    await bus.close();
    db.close();
  });

  it("delivers once an event another replica wrote late, below the last id delivered", async () => {
    const now = Date.now();
    const start = await watchEvents(deps, "ws_a", { floor: "", seen: [] }, 10, 0);
    const first = await insertAt(now + 200);
    const a = await watchEvents(deps, "ws_a", start, 10, 0);
    expect(a.events.map((e) => e.checkpoint.id)).toEqual([first.id]);

    // Written after `first` was delivered, yet made before it.
    const late = await insertAt(now + 100);
    const b = await watchEvents(deps, "ws_a", a, 10, 0);
    expect(b.events.map((e) => e.checkpoint.id)).toEqual([late.id]);
    const c = await watchEvents(deps, "ws_a", b, 10, 0);
    expect(c.events).toEqual([]);
  });

  it("pages a backlog by the limit without skipping or repeating, and never owes what came before the start", async () => {
    const now = Date.now();
    await insertAt(now - EVENT_LOOKBACK_MS / 2);
    const start = await watchEvents(deps, "ws_a", { floor: "", seen: [] }, 10, 0);
    const made = [];
    for (let i = 0; i < 7; i++) made.push((await insertAt(now + 100 + i)).id);
    const got: string[] = [];
    let position = start;
    for (let page = 0; page < 5; page++) {
      const res = await watchEvents(deps, "ws_a", position, 3, 0);
      got.push(...res.events.map((e) => e.checkpoint.id));
      position = res;
    }
    expect(got).toEqual(made);
  });
});
