import type { Logger } from "../../../lib/logger.js";
import type { CheckpointLifecycle } from "./checkpoint-lifecycle.js";

// Due checkpoints expired per store query; a full batch is followed at once by the next.
const BATCH = 100;
// Caps one run, so a huge backlog is worked off over several ticks.
const MAX_BATCHES_PER_RUN = 20;

/**
 * Periodically moves due pending checkpoints to expired. Every replica runs
 * one, but only the replica that `leads` (see Leadership) sweeps, so the
 * store answers one sweep a tick however many replicas there are; should two
 * ever sweep at once, the conditional write still lets exactly one of them
 * expire a given checkpoint. Runs never overlap within a process.
 */
export class ExpirySweeper {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;

  constructor(
    private readonly lifecycle: CheckpointLifecycle,
    private readonly intervalMs: number,
    private readonly logger: Logger,
    /** Whether this replica sweeps now; every replica sweeps when absent. */
    private readonly leads?: () => Promise<boolean>,
  ) {}

  /** Starts sweeping every `intervalMs`; the timer does not keep the process alive. */
  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.sweep(), this.intervalMs);
    this.timer.unref();
  }

  /** Runs one sweep now (or joins the one in progress). Never rejects: failures are logged. */
  sweep(): Promise<void> {
    this.running ??= this.run().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  /** Stops the timer and waits for a sweep in progress to end. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }

  private async run(): Promise<void> {
    try {
      if (this.leads && !(await this.leads())) return;
      for (let i = 0; i < MAX_BATCHES_PER_RUN; i++) {
        if ((await this.lifecycle.expireDue(BATCH)) < BATCH) return;
      }
    } catch (err) {
      this.logger.warn({ err }, "expiry sweep failed; retrying at the next tick");
    }
  }
}
