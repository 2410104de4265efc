import { afterEach, describe, expect, it, vi } from "vitest";
import { silentLogger } from "../../../lib/logger.js";
import type { TriggerIncrement } from "../store/rule-store.js";
import { TriggerRecorder } from "./trigger-recorder.js";

/** A store whose writes the test sees, and can make fail or hang. */
function fakeStore() {
  const writes: TriggerIncrement[][] = [];
  let fail = false;
  let gate: Promise<void> | undefined;
  return {
    writes,
    failNext: () => (fail = true),
    hold: (p: Promise<void>) => (gate = p),
    async recordTriggers(batch: readonly TriggerIncrement[]) {
      if (gate) await gate;
      if (fail) {
        fail = false;
        throw new Error("store down");
      }
      writes.push(batch.map((b) => ({ ...b })));
    },
  };
}

describe("TriggerRecorder", () => {
  afterEach(() => vi.useRealTimers());

  it("buffers triggers and writes them as one batch per flush, summing counts and keeping the latest time", async () => {
    const store = fakeStore();
    const recorder = new TriggerRecorder(store, silentLogger());
    recorder.record("ws_a", ["r1", "r2"], 100);
    recorder.record("ws_a", ["r1"], 300);
    recorder.record("ws_a", ["r1"], 200);
    recorder.record("ws_b", ["r1"], 50);
    expect(store.writes).toEqual([]);
    expect(recorder.pendingRules).toBe(3);
    await recorder.flush();
    expect(store.writes).toEqual([
      [
        { workspaceId: "ws_a", ruleId: "r1", count: 3, lastTriggeredAt: 300 },
        { workspaceId: "ws_a", ruleId: "r2", count: 1, lastTriggeredAt: 100 },
        { workspaceId: "ws_b", ruleId: "r1", count: 1, lastTriggeredAt: 50 },
      ],
    ]);
    await recorder.flush();
    expect(store.writes).toHaveLength(1);
  });

  it("keeps the counts of a failed write for the next flush", async () => {
    const store = fakeStore();
    const recorder = new TriggerRecorder(store, silentLogger());
    recorder.record("ws", ["r"], 10);
    store.failNext();
    await recorder.flush();
    recorder.record("ws", ["r"], 20);
    await recorder.flush();
    expect(store.writes).toEqual([[{ workspaceId: "ws", ruleId: "r", count: 2, lastTriggeredAt: 20 }]]);
  });

  it("serialises flushes: a second flush waits for the first, and counts recorded meanwhile go in it", async () => {
    const store = fakeStore();
    const recorder = new TriggerRecorder(store, silentLogger());
    let release!: () => void;
    store.hold(new Promise<void>((r) => (release = r)));
    recorder.record("ws", ["r"], 1);
    const first = recorder.flush();
    await new Promise((r) => setTimeout(r, 5));
    // The first batch is being written (held by the store); this lands in the next one.
    recorder.record("ws", ["r"], 2);
    const second = recorder.flush();
    await new Promise((r) => setTimeout(r, 5));
    expect(store.writes).toEqual([]);
    expect(recorder.pendingRules).toBe(1);
    release();
    await Promise.all([first, second]);
    expect(store.writes).toEqual([
      [{ workspaceId: "ws", ruleId: "r", count: 1, lastTriggeredAt: 1 }],
      [{ workspaceId: "ws", ruleId: "r", count: 1, lastTriggeredAt: 2 }],
    ]);
  });

  it("flushes every period once started, and once more on close", async () => {
    vi.useFakeTimers();
    const store = fakeStore();
    const recorder = new TriggerRecorder(store, silentLogger(), 1000);
    recorder.start();
    recorder.record("ws", ["r"], 1);
    await vi.advanceTimersByTimeAsync(999);
    expect(store.writes).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(store.writes).toHaveLength(1);
    recorder.record("ws", ["r"], 2);
    await recorder.close();
    expect(store.writes).toHaveLength(2);
    recorder.record("ws", ["r"], 3);
    await vi.advanceTimersByTimeAsync(5000);
    expect(store.writes).toHaveLength(2);
  });
});
