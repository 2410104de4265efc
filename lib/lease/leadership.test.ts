import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ManualClock } from "../clock.js";
import { openSqlite, type SqliteDatabase } from "../db/sqlite.js";
import type { LeaseStore } from "./lease-store.js";
import { Leadership } from "./leadership.js";
import { SqliteLeaseStore } from "./sqlite-lease-store.js";

const PERIOD = 10_000;

describe("Leadership", () => {
  let db: SqliteDatabase;
  let store: LeaseStore;
  let clock: ManualClock;

  beforeEach(() => {
    db = openSqlite(":memory:");
    store = new SqliteLeaseStore(db);
    clock = new ManualClock(100 * PERIOD);
  });
  afterEach(() => db.close());

  const replica = (name: string) => new Leadership(store, "sweep", clock, PERIOD, name);

  it("gives each period to exactly one replica, and keeps it with the leader while it lives", async () => {
    const a = replica("a");
    const b = replica("b");
    expect(await a.leads()).toBe(true);
    expect(await b.leads()).toBe(false);
    for (let i = 0; i < 6; i++) {
      clock.advance(PERIOD / 2);
      const [la, lb] = [await a.leads(), await b.leads()];
      expect([la, lb]).toEqual([true, false]);
    }
  });

  it("passes on within two periods when the leader stops", async () => {
    const a = replica("a");
    const b = replica("b");
    expect(await a.leads()).toBe(true);
    clock.advance(PERIOD / 2);
    expect(await a.leads()).toBe(true); // claims the next period ahead
    // a dies here: it never asks again.
    clock.advance(PERIOD);
    expect(await b.leads()).toBe(false);
    clock.advance(PERIOD);
    expect(await b.leads()).toBe(true);
  });

  it("lets a replica that stops on purpose hand over at once, the next period included", async () => {
    const a = replica("a");
    expect(await a.leads()).toBe(true);
    clock.advance(PERIOD / 2);
    expect(await a.leads()).toBe(true); // claims the next period ahead
    await a.release();
    const restarted = replica("a-restarted");
    expect(await restarted.leads()).toBe(true);
    clock.advance(PERIOD);
    expect(await restarted.leads()).toBe(true);
    // Only its own claims go: releasing again, or by a replica that led nothing, takes nothing from the leader.
    await a.release();
    await replica("b").release();
    expect(await restarted.leads()).toBe(true);
    expect(await replica("c").leads()).toBe(false);
  });

  it("answers no, without throwing, when the store fails", async () => {
    const failing: LeaseStore = {
      claim: () => Promise.reject(new Error("store down")),
      forget: () => Promise.reject(new Error("store down")),
    };
    expect(await new Leadership(failing, "sweep", clock, PERIOD, "a").leads()).toBe(false);
    await expect(new Leadership(failing, "sweep", clock, PERIOD, "a").release()).resolves.toBeUndefined();
  });
});
