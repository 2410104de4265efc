import { subjectMatches } from "./subjects.js";

/** A subscription as the broker sees it. */
export interface BrokerSubscription {
  readonly pattern: string;
  /** Receives the subject and the serialised event; called only while registered. */
  deliver(subject: string, payload: string): void;
}

/**
 * The in-process stand-in for a NATS server: it routes serialised events to
 * the subscriptions of every `MemoryEventBus` attached to it. Delivery runs on
 * a later turn of the event loop, in publish order, and a subscription removed
 * before its turn receives nothing.
 */
export class MemoryBroker {
  readonly #subscriptions = new Set<BrokerSubscription>();
  #queue: Array<() => void> = [];
  #scheduled = false;

  /** Starts routing matching events to `sub`. */
  add(sub: BrokerSubscription): void {
    this.#subscriptions.add(sub);
  }

  /** Stops routing to `sub`, including events already queued for it. */
  remove(sub: BrokerSubscription): void {
    this.#subscriptions.delete(sub);
  }

  /** Queues `payload` for every subscription whose pattern matches `subject` now. */
  route(subject: string, payload: string): void {
    for (const sub of this.#subscriptions) {
      if (!subjectMatches(sub.pattern, subject)) continue;
      this.#enqueue(() => {
        if (this.#subscriptions.has(sub)) sub.deliver(subject, payload);
      });
    }
  }

  /** Resolves once everything queued before the call has been delivered. */
  settled(): Promise<void> {
    return new Promise((resolve) => this.#enqueue(resolve));
  }

  #enqueue(task: () => void): void {
    this.#queue.push(task);
    if (this.#scheduled) return;
    this.#scheduled = true;
    setImmediate(() => this.#drain());
  }

  // Runs one batch per turn: events published by handlers wait for the next
  // turn, so a handler that keeps publishing cannot starve I/O.
  #drain(): void {
    const batch = this.#queue;
    this.#queue = [];
    this.#scheduled = false;
    for (const task of batch) task();
    if (this.#queue.length > 0 && !this.#scheduled) {
      this.#scheduled = true;
      setImmediate(() => this.#drain());
    }
  }
}
