import type { Logger } from "../logger.js";

/** How long a client should wait before retrying while the store is down. */
export const STORE_RETRY_AFTER_SECONDS = 2;

/**
 * What a process knows about its store's reachability. While the store is
 * known down, requests are refused at once (a fast 503) instead of each one
 * hanging in server selection; a background probe notices the recovery.
 */
export class StoreHealth {
  #down = false;
  #probing = false;
  readonly #onDown = new Set<() => void>();

  constructor(
    private readonly name: string,
    private readonly probe: () => Promise<boolean>,
    private readonly logger: Logger,
    private readonly probeIntervalMs = 500,
  ) {}

  /** True while the store is known unreachable. */
  get down(): boolean {
    return this.#down;
  }

  /** Records that the store could not be reached, and probes until it answers again. */
  markDown(reason: string): void {
    if (!this.#down) {
      this.logger.error({ store: this.name, reason }, "store unreachable: refusing requests with 503 until it answers");
      this.#down = true;
      for (const listener of [...this.#onDown]) listener();
    }
    if (!this.#probing) void this.#probeUntilUp();
  }

  /**
   * Calls `listener` the next time the store goes down, so that a call in
   * flight can stop waiting for a store that will not answer. Returns the
   * function that removes it; a listener is called at most once.
   */
  onceDown(listener: () => void): () => void {
    const once = () => {
      this.#onDown.delete(once);
      listener();
    };
    this.#onDown.add(once);
    return () => this.#onDown.delete(once);
  }

  /** Records that the store answers. */
  markUp(): void {
    if (this.#down) this.logger.info({ store: this.name }, "store reachable again");
    this.#down = false;
  }

  /** Stops probing (at close). */
  close(): void {
    this.#probing = false;
    this.#down = false;
    this.#onDown.clear();
  }

  async #probeUntilUp(): Promise<void> {
    this.#probing = true;
    while (this.#probing && this.#down) {
      await new Promise((r) => setTimeout(r, this.probeIntervalMs).unref());
      if (!this.#probing) break;
      if (await this.probe().catch(() => false)) this.markUp();
    }
    this.#probing = false;
  }
}
