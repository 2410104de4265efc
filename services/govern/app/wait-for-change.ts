import { Code, ConnectError } from "@connectrpc/connect";
import type { KeyedFanOut } from "../../../lib/bus/keyed-fan-out.js";
import { isTerminal, type Checkpoint } from "../domain/checkpoint.js";
import { parseCheckpointChanged } from "../domain/checkpoint-changed.js";
import type { CheckpointLifecycle } from "./checkpoint-lifecycle.js";

/** What a wait needs: the lifecycle (reads that expire) and the process's fan-out of change events. */
export interface WaitDeps {
  lifecycle: CheckpointLifecycle;
  fanOut: KeyedFanOut;
}

/** The answer of a wait: the state at its end, and whether it differs from the state at its start. */
export interface WaitOutcome {
  checkpoint: Checkpoint;
  changed: boolean;
}

// Timers may fire a little before the clock reaches the deadline they were set for.
const EXPIRY_SLACK_MS = 5;
// Never re-check expiry in a tighter loop than this, whatever the clock says.
const MIN_EXPIRY_RECHECK_MS = 10;

/**
 * Holds until a checkpoint changes, for at most `holdMs`. It registers for
 * the checkpoint's change events before its first read, so a change between
 * the two is never missed. It answers at once (`changed: true`) when the
 * checkpoint is already terminal; else as soon as a re-read shows a higher
 * revision after an event; else when the checkpoint's `expires_at` passes
 * within the hold (expiring it itself rather than waiting for the sweeper);
 * else at the hold's end with the current state and `changed: false`.
 * Aborting `signal` ends the wait with a Canceled error and frees its listener.
 */
export function waitForChange(deps: WaitDeps, workspaceId: string, id: string, holdMs: number, signal?: AbortSignal): Promise<WaitOutcome> {
  return new Promise<WaitOutcome>((resolve, reject) => new Waiter(deps, workspaceId, id, holdMs, signal, resolve, reject).start());
}

/**
 * One wait as a small state machine rather than an async function: thousands
 * are held at once, and a parked waiter then holds this object, its promise,
 * one change listener, one abort listener (this object itself) and, while
 * parked, one timer — no suspended frames, no closure per pause.
 */
class Waiter {
  private readonly holdEnd: number;
  private readonly unlisten: () => void;
  private baseline = 0;
  private expiresAt = 0;
  private pendingWake = false;
  // The revision the last wake announced; unknown (a re-check) asks for a read of its own.
  private announced = 0;
  private parked = false;
  private finished = false;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly deps: WaitDeps,
    private readonly workspaceId: string,
    private readonly id: string,
    holdMs: number,
    private readonly signal: AbortSignal | undefined,
    private readonly resolve: (outcome: WaitOutcome) => void,
    private readonly reject: (err: unknown) => void,
  ) {
    this.holdEnd = Date.now() + holdMs;
    this.unlisten = deps.fanOut.listen(id, (_subject, event) => this.changed(event));
    signal?.addEventListener("abort", this);
  }

  start(): void {
    this.deps.lifecycle.read(this.workspaceId, this.id).then((first) => {
      if (isTerminal(first.status)) return this.finish({ checkpoint: first, changed: true });
      this.baseline = first.revision;
      this.expiresAt = first.expiresAt;
      this.step();
    }, this.fail);
  }

  /** The abort listener (an EventListener object: Node wraps it in one function of its own, and no closure of ours is kept for it). */
  handleEvent(): void {
    if (!this.parked) return; // a read in flight: the next park sees the abort
    this.parked = false;
    this.fail(cancelled());
  }

  private changed(event: unknown): void {
    const change = parseCheckpointChanged(event);
    if (change && change.revision <= this.baseline) return;
    this.announced = Math.max(this.announced, change?.revision ?? Number.POSITIVE_INFINITY);
    this.pendingWake = true;
    if (this.parked) this.resume();
  }

  private step(): void {
    if (this.finished) return;
    const untilHoldEnd = this.holdEnd - Date.now();
    if (untilHoldEnd <= 0) {
      this.deps.lifecycle.read(this.workspaceId, this.id).then((current) => this.finish({ checkpoint: current, changed: current.revision > this.baseline }), this.fail);
      return;
    }
    if (this.pendingWake) {
      this.recheck();
      return;
    }
    if (this.signal?.aborted) return this.fail(cancelled());
    const untilExpiry = Math.max(this.expiresAt - this.deps.lifecycle.clock.now() + EXPIRY_SLACK_MS, MIN_EXPIRY_RECHECK_MS);
    this.parked = true;
    this.timer = setTimeout(resumeWaiter, Math.min(untilHoldEnd, untilExpiry), this);
  }

  resume(): void {
    if (!this.parked) return;
    this.parked = false;
    clearTimeout(this.timer);
    this.timer = undefined;
    this.recheck();
  }

  // The read also expires the checkpoint when its time is up. Waiters woken
  // by one announced change share it, unless it predates the change; a
  // re-check without a revision reads on its own.
  private recheck(): void {
    this.pendingWake = false;
    const wanted = this.announced;
    const { lifecycle } = this.deps;
    const shared = wanted !== Number.POSITIVE_INFINITY;
    const read = shared ? lifecycle.readShared(this.workspaceId, this.id) : lifecycle.read(this.workspaceId, this.id);
    read
      .then((current) => (shared && current.revision < wanted ? lifecycle.read(this.workspaceId, this.id) : current))
      .then((current) => {
        if (current.revision > this.baseline) return this.finish({ checkpoint: current, changed: true });
        this.expiresAt = current.expiresAt;
        this.step();
      }, this.fail);
  }

  private readonly fail = (err: unknown): void => {
    this.end();
    this.reject(err);
  };

  private finish(outcome: WaitOutcome): void {
    this.end();
    this.resolve(outcome);
  }

  private end(): void {
    this.finished = true;
    this.parked = false;
    clearTimeout(this.timer);
    this.unlisten();
    this.signal?.removeEventListener("abort", this);
  }
}

function resumeWaiter(waiter: Waiter): void {
  waiter.resume();
}

function cancelled(): ConnectError {
  return new ConnectError("the wait was cancelled by the client", Code.Canceled);
}
