import { randomUUID } from "node:crypto";
import type { Clock } from "../clock.js";
import type { LeaseStore } from "./lease-store.js";

/** Default length of one lease period. */
export const DEFAULT_LEASE_PERIOD_MS = 10_000;

/**
 * Which replica runs a piece of background work (a sweep, a purge): time is
 * cut into periods of `periodMs`, and each period has exactly one holder —
 * the first replica to claim it in the store. The holder claims the next
 * period halfway through its own, so leadership stays where it is while the
 * leader lives and passes on within two periods when it does not. Asking is
 * free within a period once it is known; a store failure answers "no" (the
 * work waits for the next tick). Periods on the clocks of different replicas
 * may overlap by their clock skew: work run this way must tolerate an
 * occasional second runner (Gatehouse's is conditional), it only must not
 * be run by every replica all the time.
 */
export class Leadership {
  private readonly holders = new Map<number, string>();

  constructor(
    private readonly store: LeaseStore,
    private readonly name: string,
    private readonly clock: Clock,
    private readonly periodMs: number = DEFAULT_LEASE_PERIOD_MS,
    /** This replica's identity in the store; random per process by default. */
    readonly holder: string = randomUUID(),
  ) {}

  /** Whether this replica holds the lease now. Never rejects. */
  async leads(): Promise<boolean> {
    try {
      const now = this.clock.now();
      const epoch = Math.floor(now / this.periodMs);
      const leading = (await this.holderOf(epoch)) === this.holder;
      if (leading && now - epoch * this.periodMs >= this.periodMs / 2 && !this.holders.has(epoch + 1)) {
        await this.holderOf(epoch + 1);
        await this.store.forget(this.name, epoch - 2);
      }
      for (const known of this.holders.keys()) if (known < epoch) this.holders.delete(known);
      return leading;
    } catch {
      return false;
    }
  }

  /**
   * Gives up the periods this replica holds (the current one, and the next
   * when already claimed), for a replica stopping on purpose: a process that
   * has not asked in this period (a restart, a new pod) takes over at once,
   * one that has at its next period, rather than after two. Call it once the
   * work it leads has stopped. Never rejects: should the store fail, the
   * periods run out as they would after a crash.
   */
  async release(): Promise<void> {
    const held = [...this.holders].filter(([, holder]) => holder === this.holder).map(([epoch]) => epoch);
    this.holders.clear();
    try {
      for (const epoch of held) await this.store.forget(this.name, epoch);
    } catch {
      // The claims expire with their periods.
    }
  }

  private async holderOf(epoch: number): Promise<string> {
    let holder = this.holders.get(epoch);
    if (holder === undefined) {
      holder = await this.store.claim(this.name, epoch, this.holder);
      this.holders.set(epoch, holder);
    }
    return holder;
  }
}
