/** A pending checkpoint the schedule expires when its time comes. */
export interface ScheduledExpiry {
  workspaceId: string;
  id: string;
  expiresAt: number;
}

/**
 * The pending checkpoints due before a horizon, soonest first: a binary heap
 * by `expiresAt`, with the current entry of each checkpoint kept by ID so
 * that a checkpoint decided (or rescheduled) leaves nothing behind but a
 * stale heap slot, skipped when it surfaces. Pure data: the expiry sweeper
 * fills it from the store and from change events.
 */
export class ExpirySchedule {
  private heap: ScheduledExpiry[] = [];
  private readonly current = new Map<string, ScheduledExpiry>();

  /** Checkpoints scheduled. */
  get size(): number {
    return this.current.size;
  }

  /** Schedules `entry` (replacing what was scheduled for its checkpoint). */
  add(entry: ScheduledExpiry): void {
    this.current.set(entry.id, entry);
    this.heap.push(entry);
    this.up(this.heap.length - 1);
    // Stale slots are dropped once they outnumber the live ones.
    if (this.heap.length > 2 * this.current.size + 64) this.rebuild();
  }

  /** Unschedules checkpoint `id`, if scheduled. */
  remove(id: string): void {
    this.current.delete(id);
  }

  /** Replaces everything with `entries`. */
  reset(entries: readonly ScheduledExpiry[]): void {
    this.current.clear();
    for (const e of entries) this.current.set(e.id, e);
    this.rebuild();
  }

  /** Takes (and unschedules) up to `max` checkpoints due at `now`, soonest first. */
  takeDue(now: number, max: number): ScheduledExpiry[] {
    const out: ScheduledExpiry[] = [];
    while (out.length < max && this.heap.length > 0 && this.heap[0]!.expiresAt <= now) {
      const top = this.pop();
      if (this.current.get(top.id) !== top) continue;
      this.current.delete(top.id);
      out.push(top);
    }
    return out;
  }

  private rebuild(): void {
    this.heap = [...this.current.values()];
    for (let i = (this.heap.length >> 1) - 1; i >= 0; i--) this.down(i);
  }

  private pop(): ScheduledExpiry {
    const top = this.heap[0]!;
    const last = this.heap.pop()!;
    if (this.heap.length > 0) {
      this.heap[0] = last;
      this.down(0);
    }
    return top;
  }

  private up(i: number): void {
    const h = this.heap;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (h[parent]!.expiresAt <= h[i]!.expiresAt) return;
      [h[parent], h[i]] = [h[i]!, h[parent]!];
      i = parent;
    }
  }

  private down(i: number): void {
    const h = this.heap;
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let least = i;
      if (l < h.length && h[l]!.expiresAt < h[least]!.expiresAt) least = l;
      if (r < h.length && h[r]!.expiresAt < h[least]!.expiresAt) least = r;
      if (least === i) return;
      [h[least], h[i]] = [h[i]!, h[least]!];
      i = least;
    }
  }
}
