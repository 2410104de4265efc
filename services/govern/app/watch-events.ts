import { Code, ConnectError } from "@connectrpc/connect";
import type { KeyedFanOut } from "../../../lib/bus/keyed-fan-out.js";
import type { Clock } from "../../../lib/clock.js";
import { EVENT_RETENTION_MS, eventIdFloor, positionTime, type CheckpointEvent } from "../domain/checkpoint-event.js";
import type { FeedPosition } from "../domain/feed-position.js";
import type { CheckpointStore } from "../store/checkpoint-store.js";

/**
 * How long after an event's time another replica's write of an earlier one
 * may still arrive (clock skew plus write latency). A feed keeps the ids it
 * delivered within this window so that such a late event is delivered once,
 * not lost and not repeated.
 */
export const EVENT_LOOKBACK_MS = 5_000;

/** What watching needs: the store, the process's change events keyed by workspace, and the clock. */
export interface WatchDeps {
  checkpoints: CheckpointStore;
  /** Wakes a watcher of a workspace on any change there (and every second while the bus is down). */
  workspaceChanges: KeyedFanOut;
  clock: Clock;
}

/** The events owed to a client and its position after them. */
export interface WatchOutcome extends FeedPosition {
  events: CheckpointEvent[];
}

/**
 * The workspace's events after `from` (empty floor: from now), at most
 * `limit`, holding up to `holdMs` until there is one. Events arrive in id
 * order, except that one written late by another replica is delivered when
 * it shows up (within `EVENT_LOOKBACK_MS`); following the returned position
 * delivers every event once. Events older than the retention are gone.
 * Aborting `signal` ends the hold with a Canceled error.
 */
export async function watchEvents(
  deps: WatchDeps,
  workspaceId: string,
  from: FeedPosition,
  limit: number,
  holdMs: number,
  signal?: AbortSignal,
): Promise<WatchOutcome> {
  const floor = from.floor || eventIdFloor(deps.clock.now());
  const seen = new Set(from.seen);
  const holdEnd = Date.now() + holdMs;
  let changed = false;
  let wake: (() => void) | undefined;
  // Listening before the first read: a change between the two is not missed.
  const unlisten = deps.workspaceChanges.listen(workspaceId, () => {
    changed = true;
    wake?.();
  });
  try {
    for (;;) {
      const outcome = await collect(deps, workspaceId, floor, seen, limit);
      if (outcome.events.length > 0 || Date.now() >= holdEnd) return outcome;
      if (!changed) await hold(holdEnd - Date.now(), signal, (resume) => (wake = resume));
      wake = undefined;
      changed = false;
    }
  } finally {
    unlisten();
  }
}

/**
 * The workspace's events owed after `from` (empty floor: from now), at most
 * `limit`, and the position after them, at once: one step of `watchEvents`
 * without the hold, for readers that poll (the webhook dispatcher). Following
 * the returned position delivers every event once, late writes of other
 * replicas included, as long as it is read again within `EVENT_LOOKBACK_MS`
 * of a late write or is woken by its change event.
 */
export async function collectEvents(
  deps: Pick<WatchDeps, "checkpoints" | "clock">,
  workspaceId: string,
  from: FeedPosition,
  limit: number,
): Promise<WatchOutcome> {
  return collect(deps, workspaceId, from.floor || eventIdFloor(deps.clock.now()), new Set(from.seen), limit);
}

async function collect(
  deps: Pick<WatchDeps, "checkpoints" | "clock">,
  workspaceId: string,
  floor: string,
  seen: Set<string>,
  limit: number,
): Promise<WatchOutcome> {
  const now = deps.clock.now();
  const since = Math.max(positionTime(floor) ?? now, now - EVENT_RETENTION_MS);
  const asked = limit + seen.size;
  const listed = await deps.checkpoints.listEvents(workspaceId, { since, limit: asked });
  const owed = listed.filter((e) => e.id > floor && !seen.has(e.id));
  const events = owed.slice(0, limit);
  for (const e of events) seen.add(e.id);
  // The floor rises only when nothing below it is left undelivered: then to
  // where late writes can no longer land.
  let next = floor;
  if (listed.length < asked && owed.length <= limit) {
    const settled = eventIdFloor(now - EVENT_LOOKBACK_MS);
    if (settled > next) next = settled;
  }
  return { events, floor: next, seen: [...seen].filter((id) => id > next) };
}

function hold(ms: number, signal: AbortSignal | undefined, onWake: (resume: () => void) => void): Promise<void> {
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
  return new ConnectError("the watch was cancelled by the client", Code.Canceled);
}
