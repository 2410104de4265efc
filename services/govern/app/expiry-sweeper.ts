import type { EventBus, Subscription } from "../../../lib/bus/event-bus.js";
import type { Clock } from "../../../lib/clock.js";
import type { Logger } from "../../../lib/logger.js";
import { CHECKPOINT_CHANGED_PATTERN, type ParsedCheckpointChange, parseCheckpointChanged } from "../domain/checkpoint-changed.js";
import { ExpirySchedule } from "../domain/expiry-schedule.js";
import type { CheckpointLifecycle } from "./checkpoint-lifecycle.js";

/** How far ahead the schedule holds checkpoints: later ones join at a reload. */
const HORIZON_MS = 10 * 60_000;
/** How often the schedule is reloaded from the store though events kept it current. */
const RELOAD_MS = 5 * 60_000;
/** Most checkpoints one reload schedules (the soonest); the horizon shrinks to fit. */
const MAX_SCHEDULED = 20_000;
/** Most checkpoints one tick expires, so a backlog is worked off over several ticks. */
const MAX_PER_TICK = 2000;

/** What an `ExpirySweeper` works with. */
export interface ExpirySweeperOptions {
  lifecycle: CheckpointLifecycle;
  bus: EventBus;
  clock: Clock;
  logger: Logger;
  intervalMs: number;
  /**
   * Whether every replica's checkpoint changes reach this process on `bus`
   * (one process, or replicas on NATS). Without that, the schedule cannot be
   * kept current by events, and the store is asked every tick.
   */
  eventsReachAll: boolean;
  /** Whether this replica sweeps now (see Leadership); every replica sweeps when absent. */
  leads?: () => Promise<boolean>;
}

/**
 * Moves pending checkpoints to expired when their time comes, without
 * asking the store a question a second: the replica that leads holds the
 * checkpoints due within the next minutes in an `ExpirySchedule`, loaded from
 * the store when it starts leading, after a bus outage (events may have been
 * lost) and every few minutes, and kept current in between by the change
 * events every replica publishes (a new pending checkpoint joins, a decided
 * one leaves). Each tick then expires what is due, by reading it — the
 * conditional write lets exactly one replica expire a checkpoint, should two
 * ever sweep at once — so an idle service costs the store nothing, however
 * many checkpoints it holds. Reads expire a due checkpoint themselves too, so
 * a checkpoint missed here is never served as pending. Ticks never overlap.
 */
export class ExpirySweeper {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private readonly schedule = new ExpirySchedule();
  private leading = false;
  /** Checkpoints due up to here are in the schedule; 0 forces a reload. */
  private horizon = 0;
  private reloadAt = 0;
  /**
   * Changes that arrive while a reload's query is in flight: the query may
   * have read the store before them, so they are applied after it lands.
   */
  private arrivedDuringReload: ParsedCheckpointChange[] | undefined;
  private readonly changes: Subscription;
  private readonly resync: Subscription;

  constructor(private readonly opts: ExpirySweeperOptions) {
    this.changes = opts.bus.subscribe(CHECKPOINT_CHANGED_PATTERN, (_subject, event) => this.onChange(event));
    this.resync = opts.bus.onResync(() => {
      this.horizon = 0;
    });
  }

  /** Starts sweeping every `intervalMs`; the timer does not keep the process alive. */
  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.sweep(), this.opts.intervalMs);
    this.timer.unref();
  }

  /** Runs one tick now (or joins the one in progress). Never rejects: failures are logged. */
  sweep(): Promise<void> {
    this.running ??= this.run().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  /** Stops the timer and the subscriptions, and waits for a tick in progress to end. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    this.changes.unsubscribe();
    this.resync.unsubscribe();
    await this.running;
  }

  private onChange(event: unknown): void {
    if (!this.leading) return;
    const change = parseCheckpointChanged(event);
    if (!change) return;
    if (this.arrivedDuringReload) this.arrivedDuringReload.push(change);
    else this.apply(change);
  }

  private apply(change: ParsedCheckpointChange): void {
    if (change.status !== "pending") {
      this.schedule.remove(change.id);
      return;
    }
    if (change.workspaceId !== undefined && change.expiresAt !== undefined && change.expiresAt <= this.horizon) {
      this.schedule.add({ workspaceId: change.workspaceId, id: change.id, expiresAt: change.expiresAt });
    }
  }

  private async run(): Promise<void> {
    try {
      if (this.opts.leads && !(await this.opts.leads())) {
        if (this.leading) this.stepDown();
        return;
      }
      if (!this.leading) {
        this.leading = true;
        this.horizon = 0;
      }
      const now = this.opts.clock.now();
      if (!this.opts.eventsReachAll || this.horizon === 0 || now >= this.reloadAt) await this.reload(now);
      for (const due of this.schedule.takeDue(this.opts.clock.now(), MAX_PER_TICK)) {
        await this.opts.lifecycle.expire(due);
      }
    } catch (err) {
      // Whatever was taken and not expired is found again at the next reload.
      this.horizon = 0;
      this.opts.logger.warn({ err }, "expiry sweep failed; retrying at the next tick");
    }
  }

  private async reload(now: number): Promise<void> {
    const arrived: ParsedCheckpointChange[] = [];
    this.arrivedDuringReload = arrived;
    try {
      const due = await this.opts.lifecycle.due(now + HORIZON_MS, MAX_SCHEDULED);
      // A full page may leave out later ones: the horizon ends where the page does.
      this.horizon = due.length === MAX_SCHEDULED ? due[due.length - 1]!.expiresAt : now + HORIZON_MS;
      this.reloadAt = now + Math.min(RELOAD_MS, Math.max(this.opts.intervalMs, (this.horizon - now) / 2));
      this.schedule.reset(due);
      // In arrival order, so a checkpoint created and decided meanwhile ends unscheduled.
      for (const change of arrived) this.apply(change);
    } finally {
      this.arrivedDuringReload = undefined;
    }
  }

  private stepDown(): void {
    this.leading = false;
    this.horizon = 0;
    this.schedule.reset([]);
  }
}
