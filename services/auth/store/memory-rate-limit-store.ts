import type { RateLimitStore, SlotClaim, WindowAdmission } from "./rate-limit-store.js";

interface WindowCount {
  count: number;
  expiresAt: number;
}

/**
 * RateLimitStore in the memory of the one process that owns an embedded
 * store: exact (JavaScript runs one admission at a time) and free of I/O,
 * which is what admission on every request needs. Counts and slots do not
 * survive a restart; a window lasts a minute, so a restart forgets at most
 * that much.
 */
export class MemoryRateLimitStore implements RateLimitStore {
  private readonly windows = new Map<string, WindowCount>();
  private readonly slots = new Map<string, number>();

  async admit(
    bucket: string,
    windowStart: number,
    windowMs: number,
    now: number,
    capacityFor: (previous: number) => number,
  ): Promise<WindowAdmission> {
    const previous = this.countOf(`${bucket}\u0000${windowStart - windowMs}`, now);
    const key = `${bucket}\u0000${windowStart}`;
    const current = this.countOf(key, now);
    if (current + 1 > capacityFor(previous)) return { admitted: false, current, previous };
    this.windows.set(key, { count: current + 1, expiresAt: windowStart + 2 * windowMs });
    return { admitted: true, current: current + 1, previous };
  }

  async claimSlot(slot: string, now: number, spacingMs: number): Promise<SlotClaim> {
    const heldUntil = this.slots.get(slot);
    if (heldUntil !== undefined && heldUntil > now) return { claimed: false, retryAfterMs: heldUntil - now };
    this.slots.set(slot, now + spacingMs);
    return { claimed: true };
  }

  async purgeExpired(now: number): Promise<number> {
    let removed = 0;
    for (const [key, w] of this.windows) if (w.expiresAt <= now && this.windows.delete(key)) removed++;
    for (const [slot, until] of this.slots) if (until <= now && this.slots.delete(slot)) removed++;
    return removed;
  }

  private countOf(key: string, now: number): number {
    const w = this.windows.get(key);
    return w !== undefined && w.expiresAt > now ? w.count : 0;
  }
}
