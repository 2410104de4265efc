import { describe, expect, it } from "vitest";
import { PerKeyConcurrency } from "./per-key-concurrency.js";

const tick = () => new Promise((r) => setImmediate(r));

describe("PerKeyConcurrency", () => {
  it("runs up to the limit per key at once and the rest in arrival order", async () => {
    const gate = new PerKeyConcurrency(2);
    const order: number[] = [];
    const releases: Array<() => void> = [];
    const requests = [1, 2, 3, 4].map((n) => gate.acquire("fleet").then((release) => (order.push(n), releases.push(release))));
    await tick();
    expect(order).toEqual([1, 2]);
    expect(gate.load("fleet")).toEqual({ running: 2, waiting: 2 });
    releases[0]!();
    await tick();
    expect(order).toEqual([1, 2, 3]);
    releases[1]!();
    releases[1]!(); // a second release of the same turn changes nothing
    await tick();
    expect(order).toEqual([1, 2, 3, 4]);
    for (const r of releases) r();
    await Promise.all(requests);
    expect(gate.load("fleet")).toEqual({ running: 0, waiting: 0 });
  });

  it("never holds one key up behind another", async () => {
    const gate = new PerKeyConcurrency(1);
    await gate.acquire("fleet");
    const queued = gate.acquire("fleet");
    let other = false;
    void gate.acquire("someone-else").then(() => (other = true));
    await tick();
    expect(other).toBe(true);
    expect(gate.load("fleet")).toEqual({ running: 1, waiting: 1 });
    void queued;
  });

  it("refuses a limit that is not a whole number from 1", () => {
    expect(() => new PerKeyConcurrency(0)).toThrow(RangeError);
    expect(() => new PerKeyConcurrency(1.5)).toThrow(RangeError);
  });
});
