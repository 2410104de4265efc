import { connect, type NatsConnection } from "@nats-io/transport-node";
import type { Logger } from "../logger.js";
import { encodeEvent } from "./encode-event.js";
import type { EventBus, EventHandler, Subscription } from "./event-bus.js";
import { invokeHandler } from "./invoke-handler.js";
import { assertPattern, assertSubject } from "./subjects.js";

/** Tuning for `connectNatsBus`; the defaults suit production. */
export interface NatsEventBusOptions {
  /** Client name shown in the server's monitoring. */
  name?: string;
  /** How long the first connection may take before `connectNatsBus` rejects. */
  connectTimeoutMs?: number;
  /** How long `ready()` waits for the server to answer before reporting false. */
  readyTimeoutMs?: number;
}

/**
 * `EventBus` over core NATS (no JetStream: at-most-once is the contract).
 * Created by `connectNatsBus`. After the first connection it reconnects
 * forever; events published while disconnected are buffered by the client up
 * to its limit and may be lost, which the contract allows.
 */
export class NatsEventBus implements EventBus {
  readonly #nc: NatsConnection;
  readonly #logger: Logger;
  readonly #readyTimeoutMs: number;
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
    this.#nc.publish(subject, encodeEvent(event));
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
    return {
      unsubscribe: () => {
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

  close(): Promise<void> {
    this.#closing ??= this.#shutDown();
    return this.#closing;
  }

  async #shutDown(): Promise<void> {
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
          this.#logger.info({ server: s.server }, "nats reconnected");
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
 * list of URLs (the form of `GATEHOUSE_NATS_URL`) or an array of them. Rejects
 * when no server answers the first time, so a misconfigured process fails at
 * start; once connected, it reconnects forever and `ready()` reports false
 * while it is disconnected.
 */
export async function connectNatsBus(
  servers: string | readonly string[],
  logger: Logger,
  options: NatsEventBusOptions = {},
): Promise<NatsEventBus> {
  const list = (typeof servers === "string" ? servers.split(",") : [...servers]).map((s) => s.trim()).filter(Boolean);
  if (list.length === 0) throw new Error("no NATS server given");
  const nc = await connect({
    servers: list,
    name: options.name ?? "gatehouse",
    timeout: options.connectTimeoutMs ?? 5000,
    maxReconnectAttempts: -1,
    reconnectTimeWait: 1000,
    // Notice a dead server within ~30 s rather than the client's default minutes.
    pingInterval: 10_000,
    maxPingOut: 3,
  });
  logger.info({ server: nc.getServer() }, "nats connected");
  return new NatsEventBus(nc, logger, options.readyTimeoutMs);
}
