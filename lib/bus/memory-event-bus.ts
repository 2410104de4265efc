import type { Logger } from "../logger.js";
import type { EventBus, EventHandler, Subscription } from "./event-bus.js";
import { invokeHandler } from "./invoke-handler.js";
import { encodeEvent } from "./encode-event.js";
import { MemoryBroker, type BrokerSubscription } from "./memory-broker.js";
import { assertPattern, assertSubject } from "./subjects.js";

/** What a `MemoryEventBus` needs. */
export interface MemoryEventBusOptions {
  logger: Logger;
  /**
   * The broker shared with other buses, as replicas share a NATS server.
   * Defaults to a private one: the bus then reaches only its own subscribers.
   */
  broker?: MemoryBroker;
}

/**
 * The in-process `EventBus` of the embedded default. Same contract as the NATS
 * adapter: NATS wildcards, asynchronous delivery (a publisher never runs
 * handlers re-entrantly), JSON events decoded afresh for every handler.
 */
export class MemoryEventBus implements EventBus {
  readonly #broker: MemoryBroker;
  readonly #logger: Logger;
  readonly #mine = new Set<BrokerSubscription>();
  #closing: Promise<void> | undefined;

  constructor(opts: MemoryEventBusOptions) {
    this.#broker = opts.broker ?? new MemoryBroker();
    this.#logger = opts.logger;
  }

  async publish(subject: string, event: object): Promise<void> {
    if (this.#closing) throw new Error("event bus is closed");
    assertSubject(subject);
    this.#broker.route(subject, encodeEvent(event));
  }

  subscribe(pattern: string, handler: EventHandler): Subscription {
    if (this.#closing) throw new Error("event bus is closed");
    assertPattern(pattern);
    const sub: BrokerSubscription = {
      pattern,
      deliver: (subject, payload) => invokeHandler(handler, subject, JSON.parse(payload), this.#logger),
    };
    this.#mine.add(sub);
    this.#broker.add(sub);
    return {
      unsubscribe: () => {
        this.#mine.delete(sub);
        this.#broker.remove(sub);
      },
    };
  }

  async ready(): Promise<boolean> {
    return this.#closing === undefined;
  }

  connected(): boolean {
    return this.#closing === undefined;
  }

  onResync(): Subscription {
    // The broker lives in this process: nothing can be missed.
    return { unsubscribe: () => undefined };
  }

  close(): Promise<void> {
    this.#closing ??= this.#broker.settled().then(() => {
      for (const sub of this.#mine) this.#broker.remove(sub);
      this.#mine.clear();
    });
    return this.#closing;
  }
}
