import type { Logger } from "../logger.js";
import type { Leadership } from "./leadership.js";

/** What `startLedJob` runs, how often, and where. */
export interface LedJobOptions {
  intervalMs: number;
  /** Runs the job only while this replica holds the lease; absent: always. */
  lead?: Leadership;
  job: () => Promise<unknown>;
  logger: Logger;
  /** The warning logged when a run fails (the next runs at the next tick). */
  failure: string;
}

/**
 * Runs background work (a purge, a cleanup) every `intervalMs` on the one
 * replica that leads it (see Leadership), so the store answers it once per
 * tick however many replicas there are. The timer does not keep the process
 * alive. The answer stops it and gives the lease up (`Leadership.release`),
 * so that a replica replacing this one takes the work over at once; a run in
 * progress may overlap its successor's first, which the work tolerates.
 */
export function startLedJob(opts: LedJobOptions): () => Promise<void> {
  const timer = setInterval(() => {
    void (async () => {
      if (opts.lead && !(await opts.lead.leads())) return;
      await opts.job();
    })().catch((err: unknown) => opts.logger.warn({ err }, opts.failure));
  }, opts.intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await opts.lead?.release();
  };
}
