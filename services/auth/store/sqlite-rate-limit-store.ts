import type { Transaction } from "better-sqlite3";
import type { SqliteDatabase } from "../../../lib/db/sqlite.js";
import type { RateLimitStore, SlotClaim, WindowAdmission } from "./rate-limit-store.js";

type AdmitFn = (
  bucket: string,
  windowStart: number,
  windowMs: number,
  now: number,
  capacityFor: (previous: number) => number,
) => WindowAdmission;

/**
 * RateLimitStore on SQLite: one counter row per (bucket, window) in
 * `auth_rate_windows`, one row per held slot in `auth_poll_slots`. Every
 * check-and-write runs in a BEGIN IMMEDIATE transaction, so processes sharing
 * the file serialise on SQLite's write lock: the check is exact.
 */
export class SqliteRateLimitStore implements RateLimitStore {
  private readonly admitTx: Transaction<AdmitFn>;
  private readonly claimTx: Transaction<(slot: string, now: number, spacingMs: number) => SlotClaim>;
  private readonly purgeTx: Transaction<(now: number) => number>;

  constructor(db: SqliteDatabase) {
    db.exec(`CREATE TABLE IF NOT EXISTS auth_rate_windows (
      bucket TEXT NOT NULL,
      window_start INTEGER NOT NULL,
      count INTEGER NOT NULL,
      expires_at INTEGER NOT NULL,
      PRIMARY KEY (bucket, window_start)
    ) WITHOUT ROWID;
    CREATE INDEX IF NOT EXISTS auth_rate_windows_expires ON auth_rate_windows (expires_at);
    CREATE TABLE IF NOT EXISTS auth_poll_slots (
      slot TEXT PRIMARY KEY,
      expires_at INTEGER NOT NULL
    ) WITHOUT ROWID;
    CREATE INDEX IF NOT EXISTS auth_poll_slots_expires ON auth_poll_slots (expires_at);`);

    const countOf = db.prepare<[string, number, number], { count: number }>(
      "SELECT count FROM auth_rate_windows WHERE bucket = ? AND window_start = ? AND expires_at > ?",
    );
    const increment = db.prepare<[string, number, number]>(
      `INSERT INTO auth_rate_windows (bucket, window_start, count, expires_at) VALUES (?, ?, 1, ?)
       ON CONFLICT (bucket, window_start) DO UPDATE SET count = count + 1`,
    );
    this.admitTx = db.transaction((bucket, windowStart, windowMs, now, capacityFor) => {
      const previous = countOf.get(bucket, windowStart - windowMs, now)?.count ?? 0;
      const current = countOf.get(bucket, windowStart, now)?.count ?? 0;
      if (current + 1 > capacityFor(previous)) return { admitted: false, current, previous };
      increment.run(bucket, windowStart, windowStart + 2 * windowMs);
      return { admitted: true, current: current + 1, previous };
    });

    const slotOf = db.prepare<[string], { expires_at: number }>("SELECT expires_at FROM auth_poll_slots WHERE slot = ?");
    const holdSlot = db.prepare<[string, number]>(
      `INSERT INTO auth_poll_slots (slot, expires_at) VALUES (?, ?)
       ON CONFLICT (slot) DO UPDATE SET expires_at = excluded.expires_at`,
    );
    this.claimTx = db.transaction((slot: string, now: number, spacingMs: number): SlotClaim => {
      const held = slotOf.get(slot);
      if (held && held.expires_at > now) return { claimed: false, retryAfterMs: held.expires_at - now };
      holdSlot.run(slot, now + spacingMs);
      return { claimed: true };
    });

    const purgeWindows = db.prepare<[number]>("DELETE FROM auth_rate_windows WHERE expires_at <= ?");
    const purgeSlots = db.prepare<[number]>("DELETE FROM auth_poll_slots WHERE expires_at <= ?");
    this.purgeTx = db.transaction((now: number) => purgeWindows.run(now).changes + purgeSlots.run(now).changes);
  }

  async admit(
    bucket: string,
    windowStart: number,
    windowMs: number,
    now: number,
    capacityFor: (previous: number) => number,
  ): Promise<WindowAdmission> {
    return this.admitTx.immediate(bucket, windowStart, windowMs, now, capacityFor);
  }

  async claimSlot(slot: string, now: number, spacingMs: number): Promise<SlotClaim> {
    return this.claimTx.immediate(slot, now, spacingMs);
  }

  async purgeExpired(now: number): Promise<number> {
    return this.purgeTx.immediate(now);
  }
}
