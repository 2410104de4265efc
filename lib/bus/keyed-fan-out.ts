import type { Logger } from "../logger.js";
import type { EventBus, EventHandler, Subscription } from "./event-bus.js";
import { invokeHandler } from "./invoke-handler.js";

/** Picks the key an event is for (e.g. its checkpoint id), or undefined to drop it. */
export type KeyOf = (subject: string, event: unknown) => string | undefined;

/** What a `KeyedFanOut` needs. */
export interface KeyedFanOutOptions {
  bus: EventBus;
  /** The one pattern subscribed on the bus. */
  pattern: string;
  keyOf: KeyOf;
  logger: Logger;
  /** While the bus is disconnected, how often every listener is woken to re-read; default 1000 ms. */
  recheckMs?: number;
}

interface Registration {
  listener: EventHandler;
}

/**
 * One bus subscription fanned out in memory to many local listeners keyed by
 * a string, so that a thousand waiters cost one subscription, not a thousand.
 *
 * The subscription is made at construction and held until `close()`, so it is
 * already in effect when a listener registers (call `ready()` once at start to
 * be sure the broker has it). Dispatch costs one map lookup plus the listeners
 * of that key. Listeners that throw are logged and do not affect the others.
 *
 * Events of other processes cannot arrive while the bus is disconnected, and
 * some may be lost in an outage. So while it is down every listener is called
 * each `recheckMs` with an `undefined` event, and once more when it is back
 * (a resync): a listener treats `undefined` as "something may have changed,
 * re-read". The outage costs latency, never a decision.
 */
export class KeyedFanOut {
  readonly #listeners = new Map<string, Set<Registration>>();
  readonly #subscription: Subscription;
  readonly #resync: Subscription;
  readonly #recheck: NodeJS.Timeout;
  readonly #bus: EventBus;
  readonly #keyOf: KeyOf;
  readonly #logger: Logger;
  #closed = false;

  constructor(opts: KeyedFanOutOptions) {
    this.#bus = opts.bus;
    this.#keyOf = opts.keyOf;
    this.#logger = opts.logger;
    this.#subscription = opts.bus.subscribe(opts.pattern, (subject, event) => this.#dispatch(subject, event));
    this.#resync = opts.bus.onResync(() => this.#wakeAll());
    this.#recheck = setInterval(() => {
      if (this.#listeners.size > 0 && !this.#bus.connected()) this.#wakeAll();
    }, opts.recheckMs ?? 1000);
    this.#recheck.unref();
  }

  /**
   * Calls `listener` for every event whose key is `key` until the returned
   * function is called (idempotent). Registering the same function twice
   * gives two independent registrations.
   */
  listen(key: string, listener: EventHandler): () => void {
    if (this.#closed) throw new Error("fan-out is closed");
    const registration: Registration = { listener };
    let set = this.#listeners.get(key);
    if (!set) {
      set = new Set();
      this.#listeners.set(key, set);
    }
    set.add(registration);
    return () => {
      const current = this.#listeners.get(key);
      if (!current?.delete(registration)) return;
      if (current.size === 0) this.#listeners.delete(key);
    };
  }

  /** Number of keys that have at least one listener. */
  get keyCount(): number {
    return this.#listeners.size;
  }

  /** Number of registered listeners over all keys. */
  get listenerCount(): number {
    let n = 0;
    for (const set of this.#listeners.values()) n += set.size;
    return n;
  }

  /** The bus's readiness; resolving true also means the subscription is in effect. */
  ready(): Promise<boolean> {
    return this.#closed ? Promise.resolve(false) : this.#bus.ready();
  }

  /** Drops the bus subscription and every listener. The bus itself stays open. */
  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    clearInterval(this.#recheck);
    this.#resync.unsubscribe();
    this.#subscription.unsubscribe();
    this.#listeners.clear();
  }

  #wakeAll(): void {
    for (const set of [...this.#listeners.values()]) {
      for (const registration of [...set]) {
        if (set.has(registration)) invokeHandler(registration.listener, "", undefined, this.#logger);
      }
    }
  }

  #dispatch(subject: string, event: unknown): void {
    let key: string | undefined;
    try {
      key = this.#keyOf(subject, event);
    } catch (err) {
      this.#logger.warn({ err, subject }, "cannot key event; dropped");
      return;
    }
    if (key === undefined) return;
    const set = this.#listeners.get(key);
    if (!set) return;
    // A snapshot: listeners commonly unlisten (or add others) while being called.
    for (const registration of [...set]) {
      if (set.has(registration)) invokeHandler(registration.listener, subject, event, this.#logger);
    }
  }
}
