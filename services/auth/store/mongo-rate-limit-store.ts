import type { Collection, Db } from "mongodb";
import { isDuplicateKeyError } from "../../../lib/db/mongo-errors.js";
import { mongoLazyIndexes } from "../../../lib/db/lazy-indexes.js";
import type { RateLimitStore, SlotClaim, WindowAdmission } from "./rate-limit-store.js";

interface BlockDoc {
  /**
   * `<bucket>|<windowStart>|<start>`: tickets start..start+size-1 of that
   * window, taken by one replica for requests it had waiting.
   */
  _id: string;
  /** Tickets in the block; absent on single-ticket documents of earlier versions. */
  size?: number;
  expiresAt: Date;
}

interface SlotDoc {
  /** `<slot>|<spacingMs>|<period>`: one document per slot and spacing period. */
  _id: string;
  claimedAt: Date;
  expiresAt: Date;
}

/** A request of this process waiting for a ticket of a window. */
interface Waiter {
  capacity: number;
  previous: number;
  resolve(admission: WindowAdmission): void;
  reject(err: unknown): void;
}

/** What this process knows of a window, and the requests it has waiting there. */
interface WindowState {
  /** Tickets 1..chainEnd are taken (a lower bound of the window's count). */
  chainEnd: number;
  /** Tickets this process took and has not handed out yet (next..end). */
  lease: { next: number; end: number } | undefined;
  queue: Waiter[];
  claiming: boolean;
  /** True once the window is over and `chainEnd` was read back exactly. */
  settled: boolean;
  expiresAt: number;
}

/** States are dropped wholesale past this many windows; they are only an optimisation. */
const MAX_KNOWN_WINDOWS = 100_000;
/** Most tickets one claim takes. */
const MAX_BLOCK = 64;
/** How long into a window the previous window's count is still re-read. */
const SETTLE_GRACE_MS = 2000;

/**
 * RateLimitStore on MongoDB, built only on what FerretDB performs atomically
 * and quickly: inserts and lookups by unique `_id`. (FerretDB loses concurrent
 * `$inc` updates, lets several conditional updates win, and counts documents
 * by scanning, so counters, compare-and-set documents and counting queries
 * are all avoided.)
 *
 * - A window's requests hold numbered tickets 1, 2, 3, … A replica takes
 *   tickets in blocks: one insert of `<window>|<start>` with `size` claims
 *   tickets start..start+size-1, and the unique `_id` lets only one replica
 *   claim a given start. Blocks are only ever claimed at the end of the chain
 *   (start = the last block's end + 1), so the taken tickets are always
 *   1..n and a window's count is the end of its chain.
 * - Requests of one key arriving together on one replica share a claim: they
 *   queue behind the claim in flight, and the next claim takes as many
 *   tickets as requests are waiting (up to 64), never more than the capacity
 *   left. So a hot key (an agent fleet sharing one key) costs one insert per
 *   batch rather than a race of every request for the same ticket, and every
 *   claimed ticket is handed to a waiting request: the count stays exact and
 *   the capacity is never exceeded.
 * - A claim that collides with another replica's block reads that block's
 *   size and tries again after it. A window known to be full is refused
 *   without a round trip; an uncontended request is a single insert.
 * - A poll slot is claimed by inserting the document of the current spacing
 *   period (`floor(now / spacing)`); the unique `_id` lets one claimant win.
 *   A still-held claim of the previous period also refuses the claim.
 */
export class MongoRateLimitStore implements RateLimitStore {
  private readonly tickets: Collection<BlockDoc>;
  private readonly slots: Collection<SlotDoc>;
  private readonly ticketIndexes: () => Promise<void>;
  private readonly slotIndexes: () => Promise<void>;
  private readonly known = new Map<string, WindowState>();

  constructor(db: Db) {
    this.tickets = db.collection<BlockDoc>("auth_rate_tickets");
    this.slots = db.collection<SlotDoc>("auth_poll_slots");
    this.ticketIndexes = mongoLazyIndexes(this.tickets, [{ keys: { expiresAt: 1 }, options: { name: "expires_at" } }]);
    this.slotIndexes = mongoLazyIndexes(this.slots, [{ keys: { expiresAt: 1 }, options: { name: "expires_at" } }]);
  }

  async admit(
    bucket: string,
    windowStart: number,
    windowMs: number,
    now: number,
    capacityFor: (previous: number) => number,
  ): Promise<WindowAdmission> {
    await this.ticketIndexes();
    // A claim another replica sent just before the window turned may land a
    // moment later: the previous count is final only after a short grace.
    const final = now - windowStart >= SETTLE_GRACE_MS;
    const previous = await this.previousCount(`${bucket}|${windowStart - windowMs}`, windowStart + windowMs, final);
    const capacity = capacityFor(previous);
    const state = this.state(`${bucket}|${windowStart}`, windowStart + 2 * windowMs);
    const lease = state.lease;
    if (lease && state.queue.length === 0) {
      if (lease.next > capacity) return { admitted: false, current: state.chainEnd, previous };
      const ticket = lease.next++;
      if (lease.next > lease.end) state.lease = undefined;
      return { admitted: true, current: ticket, previous };
    }
    if (!lease && !state.claiming && state.chainEnd >= capacity) return { admitted: false, current: state.chainEnd, previous };
    return new Promise<WindowAdmission>((resolve, reject) => {
      state.queue.push({ capacity, previous, resolve, reject });
      if (!state.claiming) void this.serveQueue(`${bucket}|${windowStart}`, state);
    });
  }

  /** Claims blocks for the waiting requests of a window until none is left waiting. */
  private async serveQueue(window: string, state: WindowState): Promise<void> {
    state.claiming = true;
    try {
      while (state.queue.length > 0) {
        this.handOutLease(state);
        // Requests that no ticket could fit any more are refused; the rest need a claim.
        state.queue = state.queue.filter((w) => {
          if (w.capacity > state.chainEnd) return true;
          w.resolve({ admitted: false, current: state.chainEnd, previous: w.previous });
          return false;
        });
        if (state.queue.length === 0) break;
        const room = Math.max(...state.queue.map((w) => w.capacity)) - state.chainEnd;
        const size = Math.min(state.queue.length, room, MAX_BLOCK);
        const start = state.chainEnd + 1;
        try {
          await this.tickets.insertOne({ _id: `${window}|${start}`, size, expiresAt: new Date(state.expiresAt) });
          state.chainEnd = Math.max(state.chainEnd, start + size - 1);
          state.lease = { next: start, end: start + size - 1 };
        } catch (err) {
          if (!isDuplicateKeyError(err)) throw err;
          state.chainEnd = Math.max(state.chainEnd, await this.chainEndFrom(window, start));
        }
      }
    } catch (err) {
      for (const w of state.queue.splice(0)) w.reject(err);
    } finally {
      state.claiming = false;
    }
  }

  /** Gives the leased tickets to waiting requests, in arrival order, as far as their capacity allows. */
  private handOutLease(state: WindowState): void {
    const lease = state.lease;
    if (!lease) return;
    const still: Waiter[] = [];
    for (const w of state.queue) {
      if (lease.next <= lease.end && lease.next <= w.capacity) {
        w.resolve({ admitted: true, current: lease.next++, previous: w.previous });
      } else {
        still.push(w);
      }
    }
    state.queue = still;
    if (lease.next > lease.end) state.lease = undefined;
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
    for (const [window, k] of this.known) if (k.expiresAt <= now && !k.claiming) this.known.delete(window);
    const at = new Date(now);
    const t = await this.tickets.deleteMany({ expiresAt: { $lte: at } });
    const s = await this.slots.deleteMany({ expiresAt: { $lte: at } });
    return t.deletedCount + s.deletedCount;
  }

  /** The count of a finished window, read back (from what this process knows) until `final`, then remembered. */
  private async previousCount(window: string, expiresAt: number, final: boolean): Promise<number> {
    const state = this.state(window, expiresAt);
    if (!state.settled) {
      state.chainEnd = await this.chainEndFrom(window, state.chainEnd + 1);
      state.settled = final;
    }
    return state.chainEnd;
  }

  /**
   * The end of the window's chain of blocks, walking it from ticket `start`
   * (the start of a block, or one past the end of the chain): the count of
   * tickets taken. Each step is one lookup by `_id`.
   */
  private async chainEndFrom(window: string, start: number): Promise<number> {
    let next = start;
    for (;;) {
      const block = await this.tickets.findOne({ _id: `${window}|${next}` }, { projection: { size: 1 } });
      if (!block) return next - 1;
      next += block.size ?? 1;
    }
  }

  private state(window: string, expiresAt: number): WindowState {
    let state = this.known.get(window);
    if (!state) {
      if (this.known.size >= MAX_KNOWN_WINDOWS) {
        for (const [w, s] of this.known) if (!s.claiming && s.queue.length === 0) this.known.delete(w);
      }
      state = { chainEnd: 0, lease: undefined, queue: [], claiming: false, settled: false, expiresAt };
      this.known.set(window, state);
    }
    return state;
  }
}
