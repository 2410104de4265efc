import type { Checkpoint, CheckpointStatus } from "../domain/checkpoint.js";
import type { CheckpointEvent, CheckpointEventType } from "../domain/checkpoint-event.js";
import type { RecordedCheckpoint } from "../domain/recorded-checkpoint.js";

/** A pending checkpoint and when it is due: what the expiry sweep schedules. */
export interface DueCheckpoint {
  workspaceId: string;
  id: string;
  expiresAt: number;
}

/** One page of a workspace's checkpoints. */
export interface CheckpointListQuery {
  /** Only checkpoints of this status; absent lists every status. */
  status?: CheckpointStatus;
  /** Page size, at least 1. */
  limit: number;
  /** Continue after this checkpoint ID (exclusive). */
  afterId?: string;
}

/**
 * What a write records besides the new state: the events the change makes
 * (see `eventsOfChange`) and when it was made. They are stored with the
 * state, in the same atomic write, so an acknowledged change always has its
 * events and a lost race leaves none.
 */
export interface ChangeRecord {
  at: number;
  events: readonly CheckpointEventType[];
}

/** A range of a workspace's checkpoint events. */
export interface CheckpointEventQuery {
  /** Only events made at or after this time (epoch ms). */
  since: number;
  /** Page size, at least 1. */
  limit: number;
}

/** Where a page of recorded checkpoints ended: the creation time and ID of its last one. */
export interface RecordedCursor {
  createdAt: number;
  id: string;
}

/** A page of a workspace's checkpoints by creation time, for a policy replay. */
export interface RecordedQuery {
  /** Checkpoints created at or after this time (epoch ms)... */
  since: number;
  /** ...and before this one. */
  until: number;
  /** Continue after this checkpoint (exclusive); absent starts at `since`. */
  after?: RecordedCursor;
  /** Page size, at least 1. */
  limit: number;
}

/**
 * Storage port of checkpoints (votes and evals live inside the checkpoint).
 * Every write after the insert is conditional on the stored revision, so of
 * concurrent writers that read the same revision exactly one wins.
 */
export interface CheckpointStore {
  /** Stores a new checkpoint and the events of its creation; its ID must be new. */
  insert(checkpoint: Checkpoint, change: ChangeRecord): Promise<void>;
  /** The checkpoint of `workspaceId` with this ID, or null (also for another workspace's). */
  get(workspaceId: string, id: string): Promise<Checkpoint | null>;
  /** A page of the workspace's checkpoints, newest first (descending ID). */
  list(workspaceId: string, query: CheckpointListQuery): Promise<Checkpoint[]>;
  /**
   * Replaces the mutable state (status, reason, decision token, decided_at,
   * evals, votes, revision) of `next`'s checkpoint with `next`'s, only when
   * the stored revision is `expectedRevision`; `next.revision` must be
   * `expectedRevision + 1`. Resolves true when it did, having stored the
   * events of `change` with it.
   */
  update(next: Checkpoint, expectedRevision: number, change: ChangeRecord): Promise<boolean>;
  /**
   * The workspace's checkpoint events made at or after `query.since`, in
   * id order (see `checkpointEventId`), each with the checkpoint as that
   * change left it; at most `query.limit`.
   */
  listEvents(workspaceId: string, query: CheckpointEventQuery): Promise<CheckpointEvent[]>;
  /** Forgets the events made before `before` (epoch ms); the checkpoints stay. */
  purgeEvents(before: number): Promise<void>;
  /**
   * Pending checkpoints whose `expires_at` is at or before `before`, soonest
   * first, at most `limit`, across all workspaces: only what scheduling
   * their expiry needs (the sweep re-reads each before it expires it).
   */
  listDue(before: number, limit: number): Promise<DueCheckpoint[]>;
  /**
   * A page of the workspace's checkpoints created in `[since, until)`, oldest
   * first (by creation time, then ID), each as a policy replay reads it (see
   * `RecordedCheckpoint`); at most `limit`. Served by an index on
   * (workspace, creation time).
   */
  listRecorded(workspaceId: string, query: RecordedQuery): Promise<RecordedCheckpoint[]>;
  /** Resolves true when the storage engine answers. */
  ping(): Promise<boolean>;
}
