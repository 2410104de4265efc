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
export async function waitForChange(
  deps: WaitDeps,
  workspaceId: string,
  id: string,
  holdMs: number,
  signal?: AbortSignal,
): Promise<WaitOutcome> {
  const holdEnd = Date.now() + holdMs;
  let seenRevision = 0;
  let pendingWake = false;
  // The revision the last wake announced; unknown (a re-check) asks for a read of its own.
  let announced = 0;
  let wake: (() => void) | undefined;
  const unlisten = deps.fanOut.listen(id, (_subject, event) => {
    const change = parseCheckpointChanged(event);
    if (change && change.revision <= seenRevision) return;
    announced = Math.max(announced, change?.revision ?? Number.POSITIVE_INFINITY);
    pendingWake = true;
    wake?.();
  });
  try {
    const first = await deps.lifecycle.read(workspaceId, id);
    if (isTerminal(first.status)) return { checkpoint: first, changed: true };
    const baseline = first.revision;
    seenRevision = baseline;
    // Only what the hold needs is kept while it lasts (thousands may be held at once).
    let expiresAt = first.expiresAt;
    for (;;) {
      const untilHoldEnd = holdEnd - Date.now();
      if (untilHoldEnd <= 0) break;
      if (!pendingWake) {
        const untilExpiry = Math.max(expiresAt - deps.lifecycle.clock.now() + EXPIRY_SLACK_MS, MIN_EXPIRY_RECHECK_MS);
        await pause(Math.min(untilHoldEnd, untilExpiry), signal, (resume) => (wake = resume));
        wake = undefined;
      }
      pendingWake = false;
      const wanted = announced;
      // The read also expires the checkpoint when its time is up. Waiters
      // woken by one announced change share it, unless it predates the change;
      // a re-check without a revision reads on its own.
      const shared = wanted !== Number.POSITIVE_INFINITY;
      let current = shared ? await deps.lifecycle.readShared(workspaceId, id) : await deps.lifecycle.read(workspaceId, id);
      if (shared && current.revision < wanted) current = await deps.lifecycle.read(workspaceId, id);
      if (current.revision > baseline) return { checkpoint: current, changed: true };
      expiresAt = current.expiresAt;
    }
    const current = await deps.lifecycle.read(workspaceId, id);
    return { checkpoint: current, changed: current.revision > baseline };
  } finally {
    unlisten();
  }
}

/** Resolves after `ms`, or when the function handed to `onWake` is called; rejects when `signal` aborts. */
function pause(ms: number, signal: AbortSignal | undefined, onWake: (resume: () => void) => void): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    if (signal?.aborted) {
      reject(cancelled());
      return;
    }
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener("abort", aborted);
    };
    const aborted = () => {
      done();
      reject(cancelled());
    };
    const timer = setTimeout(() => {
      done();
      resolve();
    }, ms);
    signal?.addEventListener("abort", aborted, { once: true });
    onWake(() => {
      done();
      resolve();
    });
  });
}

function cancelled(): ConnectError {
  return new ConnectError("the wait was cancelled by the client", Code.Canceled);
}
