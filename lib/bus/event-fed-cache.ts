import type { Clock } from "../clock.js";
import type { Config } from "../config.js";
import type { EventBus, Subscription } from "./event-bus.js";

/**
 * Whether every process that may change the data shares one event bus, so
 * that EventFedCaches are safe: the embedded store belongs to one process,
 * and replicas sharing MongoDB share NATS when it is configured.
 */
export function eventFedCachesAreSafe(config: Pick<Config, "GATEHOUSE_MONGODB_URI" | "GATEHOUSE_NATS_URL">): boolean {
  return config.GATEHOUSE_MONGODB_URI === undefined || config.GATEHOUSE_NATS_URL !== undefined;
}

/** How an `EventFedCache` is fed and bounded. */
export interface EventFedCacheOptions<V> {
  bus: EventBus;
  clock: Clock;
  /** Subscription pattern of the change events that concern the cache. */
  pattern: string;
  /**
   * What a change event invalidates: `(key, value) => boolean` picks entries
   * to drop; undefined drops nothing (an event that is not for this cache).
   */
  invalidates(event: unknown): ((key: string, value: V) => boolean) | undefined;
  /**
   * Longest an entry is trusted without hearing of a change: the bound on
   * staleness should a change event be lost. Default 30 s.
   */
  maxAgeMs?: number;
  /** Entries kept at most (the least recently stored go first). Default 10,000. */
  maxEntries?: number;
}

interface Entry<V> {
  value: V;
  at: number;
}

/**
 * A read-through cache kept fresh by change events on a bus, for data that
 * every replica may change: writers drop their own entries and publish an
 * event, on which every replica drops its entries. It is only as fresh as
 * the bus, so while the bus cannot reach the other replicas it is bypassed
 * (every read goes to the source), and it is emptied whenever the bus comes
 * back (events may have been missed). A load that started before an
 * invalidation never stores what it read, so a change racing a read is
 * never hidden; entries also expire after `maxAgeMs`.
 */
export class EventFedCache<V> {
  private readonly entries = new Map<string, Entry<V>>();
  private readonly maxAgeMs: number;
  private readonly maxEntries: number;
  // Bumped by every invalidation.
  private epoch = 0;
  private readonly subscription: Subscription;
  private readonly resync: Subscription;

  constructor(private readonly opts: EventFedCacheOptions<V>) {
    this.maxAgeMs = opts.maxAgeMs ?? 30_000;
    this.maxEntries = opts.maxEntries ?? 10_000;
    this.subscription = opts.bus.subscribe(opts.pattern, (_subject, event) => {
      const matches = opts.invalidates(event);
      if (matches) this.invalidate(matches);
    });
    this.resync = opts.bus.onResync(() => this.clear());
  }

  /**
   * The cached value of `key`, or what `load` gives (stored unless it is
   * undefined or the cache was invalidated meanwhile).
   */
  async get(key: string, load: () => Promise<V | undefined>): Promise<V | undefined> {
    if (!this.opts.bus.connected()) {
      if (this.entries.size > 0) this.clear();
      return load();
    }
    const now = this.opts.clock.now();
    const hit = this.entries.get(key);
    if (hit && now - hit.at < this.maxAgeMs) return hit.value;
    const epoch = this.epoch;
    const value = await load();
    if (value !== undefined && epoch === this.epoch && this.opts.bus.connected()) this.store(key, value, now);
    return value;
  }

  /** Drops the entries `matches` picks, here and for loads in flight. */
  invalidate(matches: (key: string, value: V) => boolean): void {
    this.epoch++;
    for (const [key, entry] of this.entries) if (matches(key, entry.value)) this.entries.delete(key);
  }

  /** Drops everything. */
  clear(): void {
    this.epoch++;
    this.entries.clear();
  }

  /**
   * Drops the entries `matches` picks and tells every replica to drop theirs
   * by publishing `event` on `subject`. A failed publish is returned, not
   * thrown: the change itself is stored, and other replicas catch up within
   * `maxAgeMs`.
   */
  async announce(subject: string, event: object, matches: (key: string, value: V) => boolean): Promise<unknown> {
    this.invalidate(matches);
    try {
      await this.opts.bus.publish(subject, event);
      return undefined;
    } catch (err) {
      return err;
    }
  }

  /** Stops listening and drops everything. */
  close(): void {
    this.subscription.unsubscribe();
    this.resync.unsubscribe();
    this.clear();
  }

  private store(key: string, value: V, at: number): void {
    this.entries.delete(key);
    this.entries.set(key, { value, at });
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
  }
}
