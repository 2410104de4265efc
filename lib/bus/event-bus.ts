/** A live subscription; `unsubscribe` is idempotent and stops delivery at once. */
export interface Subscription {
  unsubscribe(): void;
}

/**
 * Receives one event. `event` is the decoded JSON the publisher sent: a fresh
 * value per delivery, to be validated before use. A handler that throws (or
 * returns a rejected promise) is logged and does not affect other handlers.
 */
export type EventHandler = (subject: string, event: unknown) => void;

/**
 * The event port: NATS-style publish/subscribe of JSON events.
 *
 * Subjects are dot-separated tokens (`checkpoint.changed.ws_1`). Patterns may
 * use `*` for exactly one token and `>` as the last token for one or more
 * remaining tokens, as in NATS. Delivery is asynchronous, at most once and
 * best effort: consumers treat an event as a hint and re-read the store, so a
 * missed event only delays them until their next read. Events from one
 * publisher reach each subscriber in the order they were published; a bus
 * receives its own events too, without a round trip through the broker, so
 * delivery inside one process does not depend on the broker being up.
 */
export interface EventBus {
  /**
   * Sends `event` (JSON-serialisable) to every matching subscription. Rejects
   * for an invalid subject, an event that cannot be serialised, or a closed bus.
   */
  publish(subject: string, event: object): Promise<void>;
  /** Calls `handler` for each event whose subject matches `pattern`. Throws for an invalid pattern. */
  subscribe(pattern: string, handler: EventHandler): Subscription;
  /**
   * Resolves true when the bus is connected and its broker answers, false
   * otherwise (never rejects). It is also a barrier: subscriptions made before
   * it resolves true are in effect at the broker.
   */
  ready(): Promise<boolean>;
  /**
   * True while events of other processes can reach this bus (always, for the
   * in-process bus). While false, a bus still delivers the events published
   * through it to its own subscribers, and consumers that must hear other
   * processes fall back to re-reading the store.
   */
  connected(): boolean;
  /**
   * Calls `listener` each time the bus is back after an outage: events of
   * other processes may have been missed meanwhile, so caches fed by events
   * drop what they hold and waiters re-read. Never called for the in-process bus.
   */
  onResync(listener: () => void): Subscription;
  /** Delivers what is in flight, then stops; idempotent. Later publishes reject. */
  close(): Promise<void>;
}
