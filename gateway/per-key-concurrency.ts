/**
 * Caps how many requests of one credential a gateway works on at once;
 * the rest wait their turn in arrival order, holding nothing but a promise.
 * An agent fleet sharing one key at high concurrency then queues behind
 * itself instead of filling the event loop and the store's queue ahead of
 * every other key: other keys see the service as if the fleet sent `limit`
 * requests at a time. (The rate limit decides how many a key gets; this
 * decides only when.)
 */
export class PerKeyConcurrency {
  private readonly keys = new Map<string, { running: number; waiting: Array<() => void> }>();

  constructor(private readonly limit: number) {
    if (!Number.isInteger(limit) || limit < 1) throw new RangeError("the per-key concurrency limit must be a whole number ≥ 1");
  }

  /**
   * Resolves when a request of `key` may proceed, with the function that
   * ends its turn (idempotent: call it however the request ends).
   */
  async acquire(key: string): Promise<() => void> {
    let entry = this.keys.get(key);
    if (!entry) this.keys.set(key, (entry = { running: 0, waiting: [] }));
    if (entry.running >= this.limit) await new Promise<void>((resolve) => entry!.waiting.push(resolve));
    else entry.running++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.release(key);
    };
  }

  /** Requests of `key` running now and waiting (for metrics and tests). */
  load(key: string): { running: number; waiting: number } {
    const entry = this.keys.get(key);
    return { running: entry?.running ?? 0, waiting: entry?.waiting.length ?? 0 };
  }

  // A finished request hands its turn straight to the next in line.
  private release(key: string): void {
    const entry = this.keys.get(key);
    if (!entry) return;
    const next = entry.waiting.shift();
    if (next) {
      next();
      return;
    }
    entry.running--;
    if (entry.running === 0) this.keys.delete(key);
  }
}
