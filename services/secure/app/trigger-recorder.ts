import type { Logger } from "../../../lib/logger.js";
import type { RuleStore, TriggerIncrement } from "../store/rule-store.js";

/** Default period between two writes of buffered trigger counts. */
export const DEFAULT_TRIGGER_FLUSH_MS = 1000;

/**
 * Buffers rule trigger counts in memory and writes them in one batched store
 * write per period, so a scan never waits on the store for them. Writes are
 * serialised within the process (one flush at a time), so this process never
 * races itself on a counter; `last_triggered_at` is the latest time seen. A
 * failed write keeps its counts for the next flush. `close()` stops the timer
 * and flushes what is left; counts of a process that dies unflushed are lost
 * (at most one period's worth).
 */
export class TriggerRecorder {
  private pending = new Map<string, TriggerIncrement>();
  private flushing: Promise<void> = Promise.resolve();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly store: Pick<RuleStore, "recordTriggers">,
    private readonly logger: Logger,
    private readonly intervalMs: number = DEFAULT_TRIGGER_FLUSH_MS,
  ) {}

  /** Starts the periodic flush (the timer does not keep the process alive). */
  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.flush(), this.intervalMs);
    this.timer.unref();
  }

  /** Counts one trigger of each rule in `ruleIds` at time `at`. Synchronous and cheap. */
  record(workspaceId: string, ruleIds: readonly string[], at: number): void {
    for (const ruleId of ruleIds) this.add({ workspaceId, ruleId, count: 1, lastTriggeredAt: at });
  }

  /** How many rules have counts waiting to be written. */
  get pendingRules(): number {
    return this.pending.size;
  }

  /** Writes the buffered counts now (after any flush in progress); resolves when they are stored or kept for retry. */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(() => this.writePending());
    return this.flushing;
  }

  /** Stops the timer and writes what is buffered. */
  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.flush();
  }

  private async writePending(): Promise<void> {
    if (this.pending.size === 0) return;
    const batch = [...this.pending.values()];
    this.pending = new Map();
    try {
      await this.store.recordTriggers(batch);
    } catch (err) {
      this.logger.warn({ err, rules: batch.length }, "writing rule trigger counts failed; retrying with the next flush");
      for (const inc of batch) this.add(inc);
    }
  }

  private add(inc: TriggerIncrement): void {
    const key = `${inc.workspaceId.length}:${inc.workspaceId}:${inc.ruleId}`;
    const seen = this.pending.get(key);
    if (seen) {
      seen.count += inc.count;
      seen.lastTriggeredAt = Math.max(seen.lastTriggeredAt, inc.lastTriggeredAt);
    } else {
      this.pending.set(key, { ...inc });
    }
  }
}
