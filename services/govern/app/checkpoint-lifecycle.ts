import { SYSTEM_ACTOR, type AuditActor } from "../../../lib/audit/audit-event.js";
import type { AuditLog } from "../../../lib/audit/audit-log.js";
import type { EventBus } from "../../../lib/bus/event-bus.js";
import type { Clock } from "../../../lib/clock.js";
import { NotFoundError, UnavailableError } from "../../../lib/errors.js";
import type { Logger } from "../../../lib/logger.js";
import { checkpointAuditEntries } from "../domain/audit-entries.js";
import { isTerminal, type Checkpoint } from "../domain/checkpoint.js";
import { eventsOfChange, type CheckpointEventType } from "../domain/checkpoint-event.js";
import { expireCheckpoint, isDue } from "../domain/checkpoint-transitions.js";
import type { CheckpointStore, DueCheckpoint } from "../store/checkpoint-store.js";
import { signDecision, type DecisionSigningClient } from "./decision-signer.js";
import { publishCheckpointChanged } from "./publish-checkpoint-changed.js";

/** What a `CheckpointLifecycle` works with. */
export interface CheckpointLifecycleDeps {
  store: CheckpointStore;
  auth: DecisionSigningClient;
  bus: EventBus;
  /** The deployment's audit trail, which every stored change is recorded in. */
  audit: AuditLog;
  clock: Clock;
  logger: Logger;
}

// Bounds the re-read-and-retry loop of a change racing many others on one checkpoint.
const MAX_ATTEMPTS = 50;

/**
 * Every write of a checkpoint goes through here, so three rules hold
 * everywhere: a checkpoint that becomes terminal gets its decision token in
 * the same conditional write (signed first; a write that loses its race
 * discards the token unseen), every stored change records its events (see
 * `eventsOfChange`) in that write and is announced on the bus, and every
 * read first expires a pending checkpoint whose time is up. Every stored
 * change is then recorded in the audit trail (with the token it was given),
 * caused by `actor` — Gatehouse itself for expiry. The trail lives apart from
 * the checkpoints, so a process that dies between the two writes leaves the
 * change unrecorded (see the README's audit section).
 */
export class CheckpointLifecycle {
  // Reads in flight, by checkpoint, for callers that may share one.
  private readonly reading = new Map<string, Promise<Checkpoint>>();

  constructor(private readonly deps: CheckpointLifecycleDeps) {}

  /** The clock the lifecycle judges expiry by. */
  get clock(): Clock {
    return this.deps.clock;
  }

  /**
   * Stores a new checkpoint, signing its decision first when it is already
   * terminal (with `payloadSha256` when the caller has hashed the payload).
   */
  async create(checkpoint: Checkpoint, payloadSha256: string | undefined, actor: AuditActor): Promise<Checkpoint> {
    const stored = await this.withToken(checkpoint, payloadSha256);
    const change = { at: this.deps.clock.now(), events: eventsOfChange(null, stored) };
    await this.deps.store.insert(stored, change);
    await publishCheckpointChanged(this.deps.bus, this.deps.logger, stored);
    await this.record(change, stored, stored.decisionToken !== null, actor);
    return stored;
  }

  /**
   * Writes `next` over `current` if nobody changed it since it was read.
   * Resolves the stored checkpoint, or null when the write lost a race.
   */
  async commit(current: Checkpoint, next: Checkpoint, actor: AuditActor = SYSTEM_ACTOR): Promise<Checkpoint | null> {
    const stored = await this.withToken(next);
    const change = { at: this.deps.clock.now(), events: eventsOfChange(current, stored) };
    if (!(await this.deps.store.update(stored, current.revision, change))) return null;
    await publishCheckpointChanged(this.deps.bus, this.deps.logger, stored);
    await this.record(change, stored, current.decisionToken === null && stored.decisionToken !== null, actor);
    return stored;
  }

  /**
   * The current state of a checkpoint of `workspaceId`, after expiring it if
   * it is pending and due. Throws NotFoundError for an unknown (or another
   * workspace's) ID.
   */
  async read(workspaceId: string, id: string): Promise<Checkpoint> {
    for (let attempt = 1; ; attempt++) {
      const current = await this.deps.store.get(workspaceId, id);
      if (!current) throw new NotFoundError("checkpoint", id);
      if (!isDue(current, this.deps.clock.now())) return current;
      const stored = await this.commit(current, expireCheckpoint(current));
      if (stored) return stored;
      if (attempt >= MAX_ATTEMPTS) throw busy();
    }
  }

  /**
   * `read`, shared by every caller that asks for the same checkpoint while a
   * read of it is in flight: the waiters one change wakes cost one store
   * read, not one each. The answer may predate the caller's question by the
   * length of that read, so a caller that needs a given revision checks it.
   */
  readShared(workspaceId: string, id: string): Promise<Checkpoint> {
    const key = `${workspaceId}\u0000${id}`;
    let read = this.reading.get(key);
    if (!read) {
      read = this.read(workspaceId, id).finally(() => this.reading.delete(key));
      this.reading.set(key, read);
    }
    return read;
  }

  /**
   * Applies `change` to the fresh state of a checkpoint and stores the result
   * conditionally; a lost race re-reads and re-applies, so `change` (which
   * may throw a domain error) always judges the latest state. `actor` is who
   * asked for the change.
   */
  async mutate(workspaceId: string, id: string, change: (current: Checkpoint, now: number) => Checkpoint, actor: AuditActor): Promise<Checkpoint> {
    for (let attempt = 1; ; attempt++) {
      const current = await this.read(workspaceId, id);
      const stored = await this.commit(current, change(current, this.deps.clock.now()), actor);
      if (stored) return stored;
      if (attempt >= MAX_ATTEMPTS) throw busy();
    }
  }

  /** Pending checkpoints due by `before`, soonest first, at most `limit` (see `CheckpointStore.listDue`). */
  due(before: number, limit: number): Promise<DueCheckpoint[]> {
    return this.deps.store.listDue(before, limit);
  }

  /**
   * Expires a scheduled checkpoint if it is still pending and its time is up
   * (reading it does that); one decided meanwhile, or not due after all, is
   * left as it is.
   */
  async expire(due: DueCheckpoint): Promise<void> {
    try {
      await this.read(due.workspaceId, due.id);
    } catch (err) {
      if (!(err instanceof NotFoundError)) throw err;
    }
  }

  private async record(change: { at: number; events: CheckpointEventType[] }, stored: Checkpoint, tokenIsNew: boolean, actor: AuditActor): Promise<void> {
    // Nobody asks for expiry: whoever's read found the checkpoint due, Gatehouse expired it.
    const by = stored.status === "expired" ? SYSTEM_ACTOR : actor;
    for (const entry of checkpointAuditEntries(change.events, stored, tokenIsNew, by, change.at)) {
      await this.deps.audit.append(stored.workspaceId, entry);
    }
  }

  private async withToken(checkpoint: Checkpoint, payloadSha256?: string): Promise<Checkpoint> {
    if (!isTerminal(checkpoint.status) || checkpoint.decisionToken !== null) return checkpoint;
    return { ...checkpoint, decisionToken: await signDecision(this.deps.auth, checkpoint, payloadSha256) };
  }
}

function busy(): UnavailableError {
  return new UnavailableError("the checkpoint is being changed by other requests; try again");
}
