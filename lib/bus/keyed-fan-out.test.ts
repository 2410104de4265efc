import { afterEach, describe, expect, it, vi } from "vitest";
import { silentLogger } from "../logger.js";
import { testNatsUrl } from "../../test/support/store-engines.js";
import type { EventBus, EventHandler, Subscription } from "./event-bus.js";
import { KeyedFanOut } from "./keyed-fan-out.js";
import { MemoryEventBus } from "./memory-event-bus.js";
import { connectNatsBus } from "./nats-event-bus.js";

const WAIT = { timeout: 5000, interval: 5 };
const keyOf = (_subject: string, event: unknown) => (event as { id?: string }).id;

/** Wraps a bus to count the subscriptions made on it and still open. */
function countingBus(inner: EventBus) {
  const counts = { subscribed: 0, open: 0 };
  const bus: EventBus = {
    publish: (s, e) => inner.publish(s, e),
    ready: () => inner.ready(),
    connected: () => inner.connected(),
    onResync: (listener) => inner.onResync(listener),
    close: () => inner.close(),
    subscribe(pattern: string, handler: EventHandler): Subscription {
      const sub = inner.subscribe(pattern, handler);
      counts.subscribed++;
      counts.open++;
      let done = false;
      return {
        unsubscribe() {
          if (!done) counts.open--;
          done = true;
          sub.unsubscribe();
        },
      };
    },
  };
  return { bus, counts };
}

const toClose: Array<{ close(): unknown }> = [];
afterEach(async () => {
  for (const c of toClose.splice(0).reverse()) await c.close();
});

/** A fan-out over a counting wrapper; `bus` is the bare bus beneath, for publishing and settling. */
function setUp() {
  const inner = new MemoryEventBus({ logger: silentLogger() });
  const { bus, counts } = countingBus(inner);
  const fanOut = new KeyedFanOut({ bus, pattern: "checkpoint.changed.*", keyOf, logger: silentLogger() });
  toClose.push(inner, fanOut);
  return { bus: inner, counts, fanOut };
}

/** Publishes a marker for a key nobody listens to and waits until it is through. */
async function settle(bus: EventBus) {
  let seen = false;
  const sub = bus.subscribe("checkpoint.changed.*", (_s, e) => {
    if ((e as { id?: string }).id === "__settle") seen = true;
  });
  await bus.publish("checkpoint.changed.ws", { id: "__settle" });
  await vi.waitFor(() => expect(seen).toBe(true), WAIT);
  sub.unsubscribe();
}

describe("KeyedFanOut", () => {
  it("serves a thousand keys from one bus subscription, each event reaching only its key", async () => {
    const { bus, counts, fanOut } = setUp();
    const calls = new Map<string, unknown[]>();
    for (let i = 0; i < 1000; i++) {
      const key = `cp_${i}`;
      calls.set(key, []);
      fanOut.listen(key, (_s, e) => void calls.get(key)!.push(e));
    }
    expect(counts.subscribed).toBe(1);
    expect(fanOut.keyCount).toBe(1000);

    await bus.publish("checkpoint.changed.ws", { id: "cp_500", status: "approved" });
    await bus.publish("checkpoint.changed.ws", { id: "cp_7" });
    await settle(bus);
    expect(calls.get("cp_500")).toEqual([{ id: "cp_500", status: "approved" }]);
    expect(calls.get("cp_7")).toEqual([{ id: "cp_7" }]);
    const others = [...calls].filter(([k, v]) => k !== "cp_500" && k !== "cp_7" && v.length > 0);
    expect(others).toEqual([]);
    expect(counts.subscribed).toBe(1);
  });

  it("calls every listener of a key, and keys each event once", async () => {
    const { bus } = countingBus(new MemoryEventBus({ logger: silentLogger() }));
    const spyKeyOf = vi.fn(keyOf);
    const fanOut = new KeyedFanOut({ bus, pattern: "checkpoint.changed.*", keyOf: spyKeyOf, logger: silentLogger() });
    toClose.push(bus, fanOut);
    const a = vi.fn();
    const b = vi.fn();
    fanOut.listen("cp_1", a);
    fanOut.listen("cp_1", b);
    for (let i = 0; i < 50; i++) fanOut.listen(`other_${i}`, () => undefined);
    await bus.publish("checkpoint.changed.ws", { id: "cp_1" });
    await vi.waitFor(() => expect(b).toHaveBeenCalledTimes(1), WAIT);
    expect(a).toHaveBeenCalledWith("checkpoint.changed.ws", { id: "cp_1" });
    expect(spyKeyOf).toHaveBeenCalledTimes(1);
  });

  it("stops calling a listener once unlistened and forgets empty keys", async () => {
    const { bus, fanOut } = setUp();
    const gone = vi.fn();
    const stays = vi.fn();
    const unlisten = fanOut.listen("cp_1", gone);
    fanOut.listen("cp_1", stays);
    const unlistenOther = fanOut.listen("cp_2", gone);
    expect(fanOut.listenerCount).toBe(3);

    unlisten();
    unlisten();
    unlistenOther();
    expect(fanOut.listenerCount).toBe(1);
    expect(fanOut.keyCount).toBe(1);

    await bus.publish("checkpoint.changed.ws", { id: "cp_1" });
    await bus.publish("checkpoint.changed.ws", { id: "cp_2" });
    await settle(bus);
    expect(gone).not.toHaveBeenCalled();
    expect(stays).toHaveBeenCalledTimes(1);
  });

  it("treats the same function registered twice as two registrations", async () => {
    const { bus, fanOut } = setUp();
    const listener = vi.fn();
    const first = fanOut.listen("cp_1", listener);
    fanOut.listen("cp_1", listener);
    first();
    await bus.publish("checkpoint.changed.ws", { id: "cp_1" });
    await settle(bus);
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it("lets one-shot listeners unlisten themselves, and others, during dispatch", async () => {
    const { bus, fanOut } = setUp();
    const order: string[] = [];
    const unlistenA: () => void = fanOut.listen("cp_1", () => {
      order.push("a");
      unlistenA();
      unlistenC();
      fanOut.listen("cp_1", () => order.push("late"));
    });
    fanOut.listen("cp_1", () => order.push("b"));
    const unlistenC = fanOut.listen("cp_1", () => order.push("c"));
    await bus.publish("checkpoint.changed.ws", { id: "cp_1" });
    await settle(bus);
    expect(order).toEqual(["a", "b"]);
    expect(fanOut.listenerCount).toBe(2);
  });

  it("survives throwing listeners and events it cannot key", async () => {
    const { bus, fanOut } = setUp();
    const fine = vi.fn();
    fanOut.listen("cp_1", () => {
      throw new Error("listener bug");
    });
    fanOut.listen("cp_1", fine);
    await bus.publish("checkpoint.changed.ws", { noId: true });
    await bus.publish("checkpoint.changed.ws", { id: "cp_1" });
    await bus.publish("checkpoint.changed.ws", { id: "cp_1" });
    await settle(bus);
    expect(fine).toHaveBeenCalledTimes(2);
  });

  it("drops events whose key function throws", async () => {
    const { bus } = countingBus(new MemoryEventBus({ logger: silentLogger() }));
    const fanOut = new KeyedFanOut({
      bus,
      pattern: "checkpoint.changed.*",
      keyOf: (_s, e) => {
        if (e === null || typeof e !== "object") throw new Error("not an object");
        return keyOf(_s, e);
      },
      logger: silentLogger(),
    });
    toClose.push(bus, fanOut);
    const listener = vi.fn();
    fanOut.listen("cp_1", listener);
    await bus.publish("checkpoint.changed.ws", [1]);
    await bus.publish("checkpoint.changed.ws", { id: "cp_1" });
    await vi.waitFor(() => expect(listener).toHaveBeenCalledTimes(1), WAIT);
  });

  it("releases its one subscription on close and refuses new listeners", async () => {
    const { counts, fanOut } = setUp();
    fanOut.listen("cp_1", () => undefined);
    expect(await fanOut.ready()).toBe(true);
    fanOut.close();
    fanOut.close();
    expect(counts.open).toBe(0);
    expect(fanOut.listenerCount).toBe(0);
    expect(await fanOut.ready()).toBe(false);
    expect(() => fanOut.listen("cp_1", () => undefined)).toThrow(/closed/);
  });

  it("wakes every listener to re-read while the bus is disconnected, and once more when it resyncs", async () => {
    const inner = new MemoryEventBus({ logger: silentLogger() });
    let connected = true;
    const resyncs = new Set<() => void>();
    const flaky: EventBus = {
      publish: (s, e) => inner.publish(s, e),
      subscribe: (p, h) => inner.subscribe(p, h),
      ready: async () => connected,
      connected: () => connected,
      onResync: (listener) => (resyncs.add(listener), { unsubscribe: () => void resyncs.delete(listener) }),
      close: () => inner.close(),
    };
    const fanOut = new KeyedFanOut({ bus: flaky, pattern: "checkpoint.changed.*", keyOf, logger: silentLogger(), recheckMs: 20 });
    toClose.push(inner, fanOut);
    const a = vi.fn();
    const b = vi.fn();
    fanOut.listen("cp_1", a);
    fanOut.listen("cp_2", b);
    await new Promise((r) => setTimeout(r, 80));
    expect(a).not.toHaveBeenCalled();

    connected = false;
    await vi.waitFor(() => expect(a.mock.calls.length).toBeGreaterThanOrEqual(2), WAIT);
    expect(a).toHaveBeenCalledWith("", undefined);
    expect(b).toHaveBeenCalledWith("", undefined);

    connected = true;
    await new Promise((r) => setTimeout(r, 40));
    const before = a.mock.calls.length;
    for (const listener of resyncs) listener();
    expect(a.mock.calls.length).toBe(before + 1);
    fanOut.close();
    expect(resyncs.size).toBe(0);
  });

  const natsUrl = testNatsUrl();
  it.skipIf(!natsUrl)("wakes a listener on one replica for an event published by another (NATS)", async () => {
    const a = await connectNatsBus(natsUrl!, silentLogger(), { attempts: 3 });
    const b = await connectNatsBus(natsUrl!, silentLogger(), { attempts: 3 });
    toClose.push(a, b);
    const subjectRoot = `fanout${Date.now()}${Math.floor(Math.random() * 1e6)}`;
    const fanOut = new KeyedFanOut({ bus: b, pattern: `${subjectRoot}.*`, keyOf, logger: silentLogger() });
    toClose.push(fanOut);
    expect(await fanOut.ready()).toBe(true);
    const woken = vi.fn();
    fanOut.listen("cp_9", woken);
    await a.publish(`${subjectRoot}.ws`, { id: "cp_9" });
    await vi.waitFor(() => expect(woken).toHaveBeenCalledWith(`${subjectRoot}.ws`, { id: "cp_9" }), WAIT);
  });
});
