import type { Collection, Db } from "mongodb";
import { isDuplicateKeyError } from "../../../lib/db/mongo.js";
import { mongoLazyIndexes } from "../../../lib/db/lazy-indexes.js";
import type { RateLimitStore, SlotClaim, WindowAdmission } from "./rate-limit-store.js";

interface TicketDoc {
  /** `<bucket>|<windowStart>|<n>`: the n-th request counted in that window. */
  _id: string;
  expiresAt: Date;
}

interface SlotDoc {
  /** `<slot>|<spacingMs>|<period>`: one document per slot and spacing period. */
  _id: string;
  claimedAt: Date;
  expiresAt: Date;
}

/** What this process knows of a window: tickets 1..top exist (a lower bound of its count). */
interface Known {
  top: number;
  /** True once the window is over and `top` was read back exactly. */
  settled: boolean;
  expiresAt: number;
}

/** Hints are dropped wholesale past this many windows; they are only an optimisation. */
const MAX_KNOWN_WINDOWS = 100_000;

/**
 * RateLimitStore on MongoDB, built only on what FerretDB performs atomically
 * and quickly: inserts and lookups by unique `_id`. (FerretDB loses concurrent
 * `$inc` updates, lets several conditional updates win, and counts documents
 * by scanning, so counters, compare-and-set documents and counting queries
 * are all avoided.)
 *
 * - Requests are numbered tickets: the n-th request admitted in a window
 *   inserts `<bucket>|<window>|<n>`. Tickets are only ever taken in order
 *   (a writer starts from a number it knows is taken and moves up), so the
 *   taken numbers are always 1..count and a window's count is its highest
 *   ticket. A request is admitted only if its ticket is within capacity; the
 *   unique `_id` means concurrent writers can neither share a ticket nor push
 *   a window past its capacity, and a refused request inserts nothing.
 * - Each process remembers the highest ticket it has seen per window. That is
 *   always a lower bound of the true count, so a window known to be full is
 *   refused without a round trip, and the usual admission is a single insert.
 *   When the hint is stale (another replica took tickets) the insert fails as
 *   a duplicate and the top is found again by galloping lookups by `_id`.
 * - A poll slot is claimed by inserting the document of the current spacing
 *   period (`floor(now / spacing)`); the unique `_id` lets one claimant win.
 *   A still-held claim of the previous period also refuses the claim.
 */
export class MongoRateLimitStore implements RateLimitStore {
  private readonly tickets: Collection<TicketDoc>;
  private readonly slots: Collection<SlotDoc>;
  private readonly ticketIndexes: () => Promise<void>;
  private readonly slotIndexes: () => Promise<void>;
  private readonly known = new Map<string, Known>();

  constructor(db: Db) {
    this.tickets = db.collection<TicketDoc>("auth_rate_tickets");
    this.slots = db.collection<SlotDoc>("auth_poll_slots");
    this.ticketIndexes = mongoLazyIndexes(this.tickets, [{ keys: { expiresAt: 1 }, options: { name: "expires_at" } }]);
    this.slotIndexes = mongoLazyIndexes(this.slots, [{ keys: { expiresAt: 1 }, options: { name: "expires_at" } }]);
  }

  async admit(
    bucket: string,
    windowStart: number,
    windowMs: number,
    _now: number,
    capacityFor: (previous: number) => number,
  ): Promise<WindowAdmission> {
    await this.ticketIndexes();
    const previous = await this.settledCount(`${bucket}|${windowStart - windowMs}`, windowStart + windowMs);
    const capacity = capacityFor(previous);
    const window = `${bucket}|${windowStart}`;
    const expiresAt = windowStart + 2 * windowMs;
    let candidate = (this.known.get(window)?.top ?? 0) + 1;
    for (;;) {
      if (candidate > capacity) return { admitted: false, current: candidate - 1, previous };
      try {
        await this.tickets.insertOne({ _id: `${window}|${candidate}`, expiresAt: new Date(expiresAt) });
        this.remember(window, candidate, expiresAt);
        return { admitted: true, current: candidate, previous };
      } catch (err) {
        if (!isDuplicateKeyError(err)) throw err;
      }
      candidate = await this.firstFree(window, candidate, expiresAt);
    }
  }

  async claimSlot(slot: string, now: number, spacingMs: number): Promise<SlotClaim> {
    await this.slotIndexes();
    const period = Math.floor(now / spacingMs);
    const idOf = (p: number) => `${slot}|${spacingMs}|${p}`;
    const heldUntil = (doc: SlotDoc | null) => (doc ? doc.claimedAt.getTime() + spacingMs : 0);
    // A purge or a skewed clock can remove the blocking document between our
    // insert and our read; then the claim is simply tried again.
    for (let attempt = 0; attempt < 3; attempt++) {
      const before = heldUntil(await this.slots.findOne({ _id: idOf(period - 1) }));
      if (before > now) return { claimed: false, retryAfterMs: before - now };
      try {
        await this.slots.insertOne({ _id: idOf(period), claimedAt: new Date(now), expiresAt: new Date(now + spacingMs) });
        return { claimed: true };
      } catch (err) {
        if (!isDuplicateKeyError(err)) throw err;
      }
      const until = heldUntil(await this.slots.findOne({ _id: idOf(period) }));
      if (until > now) return { claimed: false, retryAfterMs: until - now };
    }
    return { claimed: false, retryAfterMs: spacingMs };
  }

  async purgeExpired(now: number): Promise<number> {
    for (const [window, k] of this.known) if (k.expiresAt <= now) this.known.delete(window);
    const at = new Date(now);
    const t = await this.tickets.deleteMany({ expiresAt: { $lte: at } });
    const s = await this.slots.deleteMany({ expiresAt: { $lte: at } });
    return t.deletedCount + s.deletedCount;
  }

  /** The exact count of a finished window, read back once and then remembered. */
  private async settledCount(window: string, expiresAt: number): Promise<number> {
    const k = this.known.get(window);
    if (k?.settled) return k.top;
    const top = (await this.firstFree(window, k?.top ?? 0, expiresAt)) - 1;
    this.known.set(window, { top, settled: true, expiresAt });
    return top;
  }

  /**
   * The lowest free ticket above `taken` (a ticket known to exist, or 0):
   * doubling steps until a free one is found, then bisecting. Valid because
   * the taken tickets of a window are always 1..count.
   */
  private async firstFree(window: string, taken: number, expiresAt: number): Promise<number> {
    let lo = taken;
    let hi = 0;
    for (let step = 1; hi === 0; step *= 2) {
      if (await this.exists(window, lo + step)) lo += step;
      else hi = lo + step;
    }
    while (hi - lo > 1) {
      const mid = lo + Math.floor((hi - lo) / 2);
      if (await this.exists(window, mid)) lo = mid;
      else hi = mid;
    }
    this.remember(window, lo, expiresAt);
    return hi;
  }

  private async exists(window: string, n: number): Promise<boolean> {
    return (await this.tickets.findOne({ _id: `${window}|${n}` }, { projection: { _id: 1 } })) !== null;
  }

  private remember(window: string, top: number, expiresAt: number): void {
    const k = this.known.get(window);
    if (k) {
      k.top = Math.max(k.top, top);
      return;
    }
    if (this.known.size >= MAX_KNOWN_WINDOWS) this.known.clear();
    this.known.set(window, { top, settled: false, expiresAt });
  }
}
