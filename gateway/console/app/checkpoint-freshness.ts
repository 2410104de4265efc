import type { Checkpoint } from "./api-types.js";

// Without a revision, progress is ordered by: terminal after pending, then
// the number of votes (a checkpoint only ever gains votes).
function progress(c: Checkpoint): [number, number] {
  return [c.status === "pending" ? 0 : 1, c.votes.length];
}

/**
 * Whether `candidate` is a later state of the checkpoint than `current`.
 * Events may repeat after a reconnect and a listing may predate an event, so
 * the state kept per checkpoint only ever moves forward: by `revision` when
 * both carry one, else by status (terminal beats pending) and vote count.
 * Equal states are not "newer" (nothing to redraw).
 */
export function isNewer(candidate: Checkpoint, current: Checkpoint | undefined): boolean {
  if (!current) return true;
  if (typeof candidate.revision === "number" && typeof current.revision === "number") return candidate.revision > current.revision;
  const [a, b] = [progress(candidate), progress(current)];
  return a[0] !== b[0] ? a[0] > b[0] : a[1] > b[1];
}

/** `map` with `candidate` in it if it is newer than what `map` holds (the same map object when it is not). */
export function mergeCheckpoint(map: ReadonlyMap<string, Checkpoint>, candidate: Checkpoint): ReadonlyMap<string, Checkpoint> {
  const current = map.get(candidate.checkpoint_id);
  if (!isNewer(candidate, current)) return map;
  // A listing carries no revision: keep the one an event taught us.
  const kept = candidate.revision === undefined && current?.revision !== undefined ? { ...candidate, revision: current.revision } : candidate;
  const next = new Map(map);
  next.set(candidate.checkpoint_id, kept);
  return next;
}
