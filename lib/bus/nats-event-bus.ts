import { connect, type NatsConnection } from "@nats-io/transport-node";
import type { Logger } from "../logger.js";
import { encodeEvent } from "./encode-event.js";
import type { EventBus, EventHandler, Subscription } from "./event-bus.js";
import { invokeHandler } from "./invoke-handler.js";
import { type BrokerSubscription, MemoryBroker } from "./memory-broker.js";
import { assertPattern, assertSubject } from "./subjects.js";

/** Tuning for `connectNatsBus`; the defaults suit production. */
export interface NatsEventBusOptions {
  /** Client name shown in the server's monitoring. */
  name?: string;
  /** How long the first connection may take before `connectNatsBus` rejects. */
  connectTimeoutMs?: number;
  /** How long `ready()` waits for the server to answer before reporting false. */
  readyTimeoutMs?: number;
  /** How many times to try the first connection (default: until it succeeds). */
  attempts?: number;
}

/**
 * `EventBus` over core NATS (no JetStream: at-most-once is the contract).
 * Created by `connectNatsBus`. After the first connection it reconnects
 * forever; events published while disconnected are buffered by the client up
 * to its limit and may be lost, which the contract allows. The connection is
 * made with `noEcho`: the bus hands its own events to its own subscribers in
 * memory, so a broker outage costs other replicas' events, never this
 * process's.
 */
export class NatsEventBus implements EventBus {
  readonly #nc: NatsConnection;
  readonly #logger: Logger;
  readonly #readyTimeoutMs: number;
  readonly #local = new MemoryBroker();
  readonly #resyncListeners = new Set<() => void>();
  #connected = true;
  #closing: Promise<void> | undefined;

  constructor(nc: NatsConnection, logger: Logger, readyTimeoutMs = 2000) {
    this.#nc = nc;
    this.#logger = logger;
    this.#readyTimeoutMs = readyTimeoutMs;
    void this.#watchStatus();
    void nc.closed().then((err) => {
      this.#connected = false;
      if (err) logger.error({ err }, "nats connection closed by error");
    });
  }

  async publish(subject: string, event: object): Promise<void> {
    if (this.#closing) throw new Error("event bus is closed");
    assertSubject(subject);
    const payload = encodeEvent(event);
    this.#local.route(subject, payload);
    this.#nc.publish(subject, payload);
  }

  subscribe(pattern: string, handler: EventHandler): Subscription {
    if (this.#closing) throw new Error("event bus is closed");
    assertPattern(pattern);
    const sub = this.#nc.subscribe(pattern, {
      callback: (err, msg) => {
        if (err) {
          this.#logger.warn({ err, pattern }, "nats subscription error");
          return;
        }
        let event: unknown;
        try {
          event = msg.json();
        } catch (parseErr) {
          this.#logger.warn({ err: parseErr, subject: msg.subject }, "dropped an event that is not JSON");
          return;
        }
        invokeHandler(handler, msg.subject, event, this.#logger);
      },
    });
    const local: BrokerSubscription = {
      pattern,
      deliver: (subject, payload) => invokeHandler(handler, subject, JSON.parse(payload), this.#logger),
    };
    this.#local.add(local);
    return {
      unsubscribe: () => {
        this.#local.remove(local);
        if (sub.isClosed() || this.#nc.isClosed()) return;
        try {
          sub.unsubscribe();
        } catch (err) {
          // Racing a close or drain: the subscription is going away anyway.
          this.#logger.debug({ err, pattern }, "nats unsubscribe after close");
        }
      },
    };
  }

  async ready(): Promise<boolean> {
    if (this.#closing || !this.#connected || this.#nc.isClosed() || this.#nc.isDraining()) return false;
    // A flush is a PING/PONG round trip: it proves the server answers and that
    // every SUB sent before it has been processed.
    const flushed = this.#nc.flush().then(
      () => true,
      () => false,
    );
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), this.#readyTimeoutMs);
    });
    try {
      return await Promise.race([flushed, timedOut]);
    } finally {
      clearTimeout(timer);
    }
  }

  connected(): boolean {
    return this.#connected && this.#closing === undefined;
  }

  onResync(listener: () => void): Subscription {
    this.#resyncListeners.add(listener);
    return { unsubscribe: () => void this.#resyncListeners.delete(listener) };
  }

  close(): Promise<void> {
    this.#closing ??= this.#shutDown();
    return this.#closing;
  }

  async #shutDown(): Promise<void> {
    await this.#local.settled();
    if (this.#nc.isClosed()) return;
    try {
      // Drain delivers what has arrived and sends what is buffered; while
      // disconnected it could wait for a server that is gone, so just close.
      if (this.#connected) await this.#nc.drain();
      else await this.#nc.close();
    } catch (err) {
      this.#logger.warn({ err }, "nats drain failed; closing");
      if (!this.#nc.isClosed()) await this.#nc.close();
    }
  }

  async #watchStatus(): Promise<void> {
    for await (const s of this.#nc.status()) {
      switch (s.type) {
        case "disconnect":
          this.#connected = false;
          this.#logger.warn({ server: s.server }, "nats disconnected; reconnecting");
          break;
        case "reconnect":
          this.#connected = true;
          this.#logger.info({ server: s.server }, "nats reconnected; dropping caches fed by events");
          for (const listener of [...this.#resyncListeners]) {
            try {
              listener();
            } catch (err) {
              this.#logger.error({ err }, "resync listener failed");
            }
          }
          break;
        case "close":
          this.#connected = false;
          break;
        case "error":
          this.#logger.warn({ err: s.error }, "nats server error");
          break;
        case "slowConsumer":
          this.#logger.warn({ subject: s.sub.getSubject(), pending: s.pending }, "nats slow consumer");
          break;
        default:
          break;
      }
    }
  }
}

/**
 * Connects to NATS and returns the bus. `servers` is a URL, a comma-separated
 * list of URLs (the form of `GATEHOUSE_NATS_URL`) or an array of them. When no
 * server answers, it waits with exponential backoff (0.5 s up to 10 s),
 * logging which dependency and variable it waits for — so an unreachable NATS
 * at start delays the process instead of crashing it — and rejects only after
 * `options.attempts` tries (default: never). Once connected, it reconnects
 * forever and `ready()` reports false while it is disconnected.
 */
export async function connectNatsBus(
  servers: string | readonly string[],
  logger: Logger,
  options: NatsEventBusOptions = {},
): Promise<NatsEventBus> {
  const list = (typeof servers === "string" ? servers.split(",") : [...servers]).map((s) => s.trim()).filter(Boolean);
  if (list.length === 0) throw new Error("no NATS server given");
  for (let attempt = 1; ; attempt++) {
    try {
      const nc = await connect({
        servers: list,
        name: options.name ?? "gatehouse",
        timeout: options.connectTimeoutMs ?? 5000,
        maxReconnectAttempts: -1,
        reconnectTimeWait: 1000,
        // This process's events reach its own subscribers in memory (see NatsEventBus).
        noEcho: true,
        // Notice a dead server within ~30 s rather than the client's default minutes.
        pingInterval: 10_000,
        maxPingOut: 3,
      });
      logger.info({ server: nc.getServer() }, "nats connected");
      return new NatsEventBus(nc, logger, options.readyTimeoutMs);
    } catch (err) {
      if (options.attempts !== undefined && attempt >= options.attempts) throw err;
      const retryInMs = Math.min(500 * 2 ** (attempt - 1), 10_000);
      logger.warn(
        { dependency: "NATS", variable: "GATEHOUSE_NATS_URL", servers: list.map(hostOf), attempt, retryInMs, reason: (err as Error).message },
        "waiting for NATS",
      );
      await new Promise((r) => setTimeout(r, retryInMs));
    }
  }
}

// Host and port only: a NATS URL may carry credentials.
function hostOf(url: string): string {
  return url.replace(/^[a-z]+:\/\//, "").replace(/^[^@]*@/, "");
}
