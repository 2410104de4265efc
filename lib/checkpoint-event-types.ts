/**
 * The kinds of checkpoint event, as the event stream and webhooks name them:
 * a contract between govern, which makes them, and their readers (the
 * gateway, the console, webhook receivers).
 */
export const CHECKPOINT_EVENT_TYPES = [
  "checkpoint.created",
  "checkpoint.voted",
  "checkpoint.decided",
  "checkpoint.expired",
  "checkpoint.cancelled",
] as const;

/** One kind of checkpoint event. */
export type CheckpointEventType = (typeof CHECKPOINT_EVENT_TYPES)[number];

/** Whether `s` names a checkpoint event kind. */
export function isCheckpointEventType(s: string): s is CheckpointEventType {
  return (CHECKPOINT_EVENT_TYPES as readonly string[]).includes(s);
}
