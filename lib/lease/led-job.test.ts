import { describe, expect, it, vi } from "vitest";
import { ManualClock } from "../clock.js";
import { silentLogger } from "../logger.js";
import { openSqlite } from "../db/sqlite.js";
import { Leadership } from "./leadership.js";
import { startLedJob } from "./led-job.js";
import { SqliteLeaseStore } from "./sqlite-lease-store.js";

describe("startLedJob", () => {
  it("runs the job on the replica that leads only, until stopped", async () => {
    const store = new SqliteLeaseStore(openSqlite(":memory:"));
    const clock = new ManualClock(Date.UTC(2026, 0, 1));
    const runs = { a: 0, b: 0 };
    const stops = (["a", "b"] as const).map((name) =>
      startLedJob({
        intervalMs: 5,
        lead: new Leadership(store, "job", clock, 60_000, name),
        job: async () => void runs[name]++,
        logger: silentLogger(),
        failure: "failed",
      }),
    );
    await vi.waitFor(() => expect(runs.a + runs.b).toBeGreaterThanOrEqual(5), { timeout: 2000, interval: 5 });
    await Promise.all(stops.map((stop) => stop()));
    expect(Math.min(runs.a, runs.b)).toBe(0);
    const total = runs.a + runs.b;
    await new Promise((r) => setTimeout(r, 30));
    expect(runs.a + runs.b).toBe(total);
    // The lease was given up: a replica starting now leads at once.
    expect(await new Leadership(store, "job", clock, 60_000, "c").leads()).toBe(true);
  });

  it("runs the job everywhere without a lease, and keeps going after a failure", async () => {
    let runs = 0;
    const stop = startLedJob({
      intervalMs: 5,
      job: async () => {
        runs++;
        throw new Error("store down");
      },
      logger: silentLogger(),
      failure: "failed",
    });
    await vi.waitFor(() => expect(runs).toBeGreaterThanOrEqual(3), { timeout: 2000, interval: 5 });
    await stop();
  });
});
