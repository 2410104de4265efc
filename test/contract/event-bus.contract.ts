import { randomBytes } from "node:crypto";
import { pino } from "pino";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { EventBus } from "../../lib/bus/event-bus.js";
import type { Logger } from "../../lib/logger.js";

/** A bus implementation under test. */
export interface EventBusEngine {
  name: string;
  /**
   * Opens a bus. Every bus one engine opens shares one broker, as the replicas
   * of a deployment share one NATS server. The suite closes what it opens.
   */
  open(logger: Logger): Promise<EventBus>;
}

interface Received {
  subject: string;
  event: unknown;
}

const WAIT = { timeout: 5000, interval: 5 };

/**
 * The one contract every `EventBus` adapter passes. Subjects are prefixed with
 * a random token per test, so runs sharing a NATS server do not see each other.
 */
export function eventBusContract(engine: EventBusEngine): void {
  describe(`EventBus contract: ${engine.name}`, () => {
    const opened: EventBus[] = [];
    let p = "";
    let logs: Array<Record<string, unknown>> = [];
    let logger: Logger;

    beforeEach(() => {
      p = `t${randomBytes(6).toString("hex")}`;
      logs = [];
      logger = pino({ level: "debug" }, { write: (line: string) => void logs.push(JSON.parse(line) as Record<string, unknown>) });
    });
    afterEach(async () => {
      await Promise.all(opened.splice(0).map((bus) => bus.close()));
    });

    async function open(): Promise<EventBus> {
      const bus = await engine.open(logger);
      opened.push(bus);
      return bus;
    }

    function collect(bus: EventBus, pattern: string) {
      const got: Received[] = [];
      const sub = bus.subscribe(pattern, (subject, event) => void got.push({ subject, event }));
      return { got, sub, subjects: () => got.map((r) => r.subject) };
    }

    /**
     * Waits until everything `publisher` sent before now has been delivered to
     * `bus`: a sentinel on its own subject arrives after them (per-publisher order).
     */
    async function settle(bus: EventBus, publisher: EventBus = bus): Promise<void> {
      const subject = `${p}.sentinel.${randomBytes(4).toString("hex")}`;
      let seen = false;
      const sub = bus.subscribe(subject, () => (seen = true));
      expect(await bus.ready()).toBe(true);
      await publisher.publish(subject, {});
      await vi.waitFor(() => expect(seen).toBe(true), WAIT);
      sub.unsubscribe();
    }

    it("delivers a published event with its subject, as decoded JSON", async () => {
      const bus = await open();
      const { got } = collect(bus, `${p}.checkpoint.changed`);
      expect(await bus.ready()).toBe(true);
      const at = new Date("2025-01-02T03:04:05.000Z");
      const event = { id: "cp_1", status: "approved", at, nested: { n: 1, list: [true, null, "x"] } };
      await bus.publish(`${p}.checkpoint.changed`, event);
      await vi.waitFor(() => expect(got).toHaveLength(1), WAIT);
      expect(got[0]!.subject).toBe(`${p}.checkpoint.changed`);
      expect(got[0]!.event).toEqual({ id: "cp_1", status: "approved", at: at.toISOString(), nested: { n: 1, list: [true, null, "x"] } });
    });

    it("gives every subscription its own copy, including the publisher's own", async () => {
      const bus = await open();
      const a = collect(bus, `${p}.x`);
      const b = collect(bus, `${p}.x`);
      expect(await bus.ready()).toBe(true);
      const event = { list: [1] };
      await bus.publish(`${p}.x`, event);
      await vi.waitFor(() => expect(b.got).toHaveLength(1), WAIT);
      await vi.waitFor(() => expect(a.got).toHaveLength(1), WAIT);
      (a.got[0]!.event as { list: number[] }).list.push(2);
      expect(b.got[0]!.event).toEqual({ list: [1] });
      expect(event).toEqual({ list: [1] });
    });

    it("does not run handlers inside publish", async () => {
      const bus = await open();
      let calls = 0;
      bus.subscribe(`${p}.sync`, () => calls++);
      expect(await bus.ready()).toBe(true);
      const published = bus.publish(`${p}.sync`, {});
      expect(calls).toBe(0);
      await published;
      await vi.waitFor(() => expect(calls).toBe(1), WAIT);
    });

    it("matches `*` against exactly one token", async () => {
      const bus = await open();
      const tail = collect(bus, `${p}.a.*`);
      const middle = collect(bus, `${p}.*.b`);
      expect(await bus.ready()).toBe(true);
      for (const s of ["a.b", "a.b.c", "a", "x.b", "x.y", "x.b.c"]) await bus.publish(`${p}.${s}`, { s });
      await settle(bus);
      expect(tail.subjects()).toEqual([`${p}.a.b`]);
      expect(middle.subjects()).toEqual([`${p}.a.b`, `${p}.x.b`]);
    });

    it("matches a trailing `>` against one or more tokens", async () => {
      const bus = await open();
      const rest = collect(bus, `${p}.a.>`);
      const mixed = collect(bus, `${p}.*.c.>`);
      expect(await bus.ready()).toBe(true);
      for (const s of ["a", "a.b", "a.b.c", "b.c", "a.c", "a.c.d", "b.c.d.e"]) await bus.publish(`${p}.${s}`, {});
      await settle(bus);
      expect(rest.subjects()).toEqual([`${p}.a.b`, `${p}.a.b.c`, `${p}.a.c`, `${p}.a.c.d`]);
      expect(mixed.subjects()).toEqual([`${p}.a.c.d`, `${p}.b.c.d.e`]);
    });

    it("delivers nothing after unsubscribe, even events already in flight", async () => {
      const bus = await open();
      const c = collect(bus, `${p}.u`);
      expect(await bus.ready()).toBe(true);
      await bus.publish(`${p}.u`, { n: 1 });
      await vi.waitFor(() => expect(c.got).toHaveLength(1), WAIT);
      await bus.publish(`${p}.u`, { n: 2 });
      c.sub.unsubscribe();
      c.sub.unsubscribe();
      await bus.publish(`${p}.u`, { n: 3 });
      await settle(bus);
      expect(c.got.map((r) => r.event)).toEqual([{ n: 1 }]);
    });

    it("keeps delivering to other handlers when one throws or rejects, and logs the failure", async () => {
      const bus = await open();
      let thrown = 0;
      bus.subscribe(`${p}.boom`, () => {
        thrown++;
        throw new Error("handler bug");
      });
      bus.subscribe(`${p}.boom`, async () => {
        throw new Error("async handler bug");
      });
      const ok = collect(bus, `${p}.boom`);
      expect(await bus.ready()).toBe(true);
      await bus.publish(`${p}.boom`, { n: 1 });
      await bus.publish(`${p}.boom`, { n: 2 });
      await vi.waitFor(() => expect(ok.got).toHaveLength(2), WAIT);
      expect(thrown).toBe(2);
      await vi.waitFor(() => expect(logs.filter((l) => l.msg === "event handler failed")).toHaveLength(4), WAIT);
      expect(logs.find((l) => l.msg === "event handler failed")).toMatchObject({ subject: `${p}.boom` });
      // The bus still works afterwards.
      const later = collect(bus, `${p}.after`);
      expect(await bus.ready()).toBe(true);
      await bus.publish(`${p}.after`, {});
      await vi.waitFor(() => expect(later.got).toHaveLength(1), WAIT);
    });

    it("carries events between buses of the same broker (replicas), both ways", async () => {
      const a = await open();
      const b = await open();
      const atB = collect(b, `${p}.cp.*`);
      const atA = collect(a, `${p}.cp.*`);
      expect(await a.ready()).toBe(true);
      expect(await b.ready()).toBe(true);
      await a.publish(`${p}.cp.1`, { from: "a" });
      await b.publish(`${p}.cp.2`, { from: "b" });
      await vi.waitFor(() => expect(atB.got).toHaveLength(2), WAIT);
      await vi.waitFor(() => expect(atA.got).toHaveLength(2), WAIT);
      expect(atB.got.map((r) => r.event)).toContainEqual({ from: "a" });
      expect(atA.got.map((r) => r.event)).toContainEqual({ from: "b" });
    });

    it("delivers one publisher's events in publish order, across subjects", async () => {
      const a = await open();
      const b = await open();
      const c = collect(b, `${p}.order.>`);
      expect(await b.ready()).toBe(true);
      const n = 300;
      for (let i = 0; i < n; i++) await a.publish(`${p}.order.${i % 3}.x`, { i });
      await vi.waitFor(() => expect(c.got).toHaveLength(n), WAIT);
      expect(c.got.map((r) => (r.event as { i: number }).i)).toEqual(Array.from({ length: n }, (_, i) => i));
    });

    it("still delivers what was published just before close", async () => {
      const a = await open();
      const b = await open();
      const c = collect(b, `${p}.last`);
      expect(await b.ready()).toBe(true);
      await a.publish(`${p}.last`, { n: 1 });
      await a.close();
      await vi.waitFor(() => expect(c.got).toHaveLength(1), WAIT);
    });

    it("rejects malformed subjects and patterns", async () => {
      const bus = await open();
      for (const s of ["", ".", "a..b", "a.", ".a", "a.*", "a.>", "a b", "a.b*", ">"]) {
        await expect(bus.publish(s, {}), JSON.stringify(s)).rejects.toThrow(/subject/);
      }
      for (const s of ["", "a..b", "a.>.b", ">.a", "a.b*", "a.>b", "a b"]) {
        expect(() => bus.subscribe(s, () => undefined), JSON.stringify(s)).toThrow(/pattern/);
      }
      expect(() => bus.subscribe(">", () => undefined).unsubscribe()).not.toThrow();
    });

    it("rejects events JSON cannot carry", async () => {
      const bus = await open();
      const cyclic: Record<string, unknown> = {};
      cyclic.self = cyclic;
      await expect(bus.publish(`${p}.bad`, cyclic)).rejects.toThrow(TypeError);
      await expect(bus.publish(`${p}.bad`, { n: 1n })).rejects.toThrow(TypeError);
    });

    it("reports ready while open; after close it is not ready and refuses work", async () => {
      const bus = await open();
      expect(await bus.ready()).toBe(true);
      const sub = bus.subscribe(`${p}.z`, () => undefined);
      await bus.close();
      await bus.close();
      expect(await bus.ready()).toBe(false);
      await expect(bus.publish(`${p}.z`, {})).rejects.toThrow(/closed/);
      expect(() => bus.subscribe(`${p}.z`, () => undefined)).toThrow(/closed/);
      expect(() => sub.unsubscribe()).not.toThrow();
    });
  });
}
