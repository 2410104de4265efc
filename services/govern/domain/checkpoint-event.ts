import type { CheckpointEventType } from "../../../lib/checkpoint-event-types.js";
import type { Checkpoint } from "./checkpoint.js";

export { CHECKPOINT_EVENT_TYPES, isCheckpointEventType, type CheckpointEventType } from "../../../lib/checkpoint-event-types.js";

/** How long events are kept for the stream's replay (`Last-Event-ID`) and for webhooks: 24 hours. */
export const EVENT_RETENTION_MS = 24 * 3_600_000;

/**
 * Something that happened to a checkpoint, with the checkpoint as it was
 * right after (its `revision` says which state that is). `id` orders the
 * events of a workspace by time (see `checkpointEventId`).
 */
export interface CheckpointEvent {
  id: string;
  type: CheckpointEventType;
  /** When the change was made (epoch ms). */
  at: number;
  checkpoint: Checkpoint;
}

/**
 * The events a change from `previous` (null for a new checkpoint) to `next`
 * makes, in order: a new checkpoint is `created` (and at once `decided`
 * when a policy settled it), a vote is `voted` (and `decided` when it
 * settled it), expiry and cancellation are their own kinds.
 */
export function eventsOfChange(previous: Checkpoint | null, next: Checkpoint): CheckpointEventType[] {
  const events: CheckpointEventType[] = [];
  if (previous === null) events.push("checkpoint.created");
  else if (next.votes.length > previous.votes.length) events.push("checkpoint.voted");
  if (previous !== null && previous.status === next.status) return events;
  switch (next.status) {
    case "approved":
    case "rejected":
    case "blocked":
      events.push("checkpoint.decided");
      break;
    case "expired":
      events.push("checkpoint.expired");
      break;
    case "cancelled":
      events.push("checkpoint.cancelled");
      break;
    case "pending":
      break;
  }
  return events;
}

// Epoch ms fit in 13 digits until the year 2286; fixed width keeps ids sorting by time.
const AT_DIGITS = 13;

/**
 * The id of the `index`-th event of revision `revision` of a checkpoint,
 * made at `at`: `<at, 13 digits>.<checkpoint id>.<revision>.<index>`. Ids
 * compare (as strings) in the order the events were made, ties broken by
 * checkpoint, revision and index, so "the events after id X" is a range.
 */
export function checkpointEventId(at: number, checkpointId: string, revision: number, index: number): string {
  return `${String(at).padStart(AT_DIGITS, "0")}.${checkpointId}.${revision}.${index}`;
}

/** A bound that sorts before the id of every event made at or after `at` and after every earlier one. */
export function eventIdFloor(at: number): string {
  return String(Math.max(0, Math.floor(at))).padStart(AT_DIGITS, "0");
}

/**
 * The time of a position in the event feed: an event id or a bound made by
 * `eventIdFloor`; undefined for anything else.
 */
export function positionTime(position: string): number | undefined {
  return /^\d{13}$/.test(position) ? Number(position) : eventIdTime(position);
}

/** When the event with id `id` was made, or undefined when `id` is not an event id. */
export function eventIdTime(id: string): number | undefined {
  const m = /^(\d{13})\.[A-Za-z0-9_-]{1,100}\.\d{1,9}\.\d$/.exec(id);
  return m ? Number(m[1]) : undefined;
}
