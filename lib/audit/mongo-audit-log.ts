import type { Collection, Db, Filter } from "mongodb";
import { mongoLazyIndexes } from "../db/lazy-indexes.js";
import { isDuplicateKeyError } from "../db/mongo-errors.js";
import { nextAuditEvent } from "./audit-chain.js";
import type { AuditEntry, AuditEvent, AuditHead } from "./audit-event.js";
import type { AuditLog, AuditQuery } from "./audit-log.js";
import { auditEventFromRow, type AuditRow } from "./audit-row.js";

interface AuditDoc extends AuditRow {
  /** `<workspace_id>:<seq>`: the unique `_id` index makes each seq of a workspace one insert's to win. */
  _id: string;
  workspace_id: string;
}

interface Pending {
  entry: AuditEntry;
  resolve(event: AuditEvent): void;
  reject(err: unknown): void;
}

// Losing the race for a seq means another writer just appended: read the new head and go again.
const MAX_ATTEMPTS = 100;
// Appends of one workspace waiting in this process go out together, up to this many.
const MAX_BATCH = 100;

/**
 * AuditLog on MongoDB: collection `audit_events`. MongoDB without a replica
 * set, and FerretDB, have no multi-document transactions, so an append reads
 * the head and inserts the next event with `_id` `<workspace>:<seq>`; the
 * `_id` index refuses a second insert of the same seq, and the loser reads the
 * new head and tries again. Seqs are therefore unique and, since an insert
 * only ever takes head + 1, gap-free. In one process the appends of a
 * workspace queue, and those waiting go out together as one ordered
 * insertMany of consecutive seqs, after the head this process last wrote
 * (read from the store only when there is none, or after a lost race); after
 * a lost race the events of the batch found stored with their own hash are
 * the ones that made it, the rest go again. A cached head is safe: an event
 * never changes, so the one at that seq still has that hash, and the insert of
 * head + 1 succeeds only if nobody wrote it meanwhile.
 */
export class MongoAuditLog implements AuditLog {
  private readonly events: Collection<AuditDoc>;
  private readonly indexes: () => Promise<void>;
  private readonly pending = new Map<string, Pending[]>();
  // The head each workspace had after this process's last append to it: the next append
  // tries head + 1 without reading (a lookup is a scan of the collection on FerretDB),
  // and reads the head only after it lost that seq to another writer.
  private readonly lastHeads = new Map<string, AuditHead>();

  constructor(db: Db) {
    this.events = db.collection<AuditDoc>("audit_events");
    this.indexes = mongoLazyIndexes(this.events, [{ keys: { workspace_id: 1, seq: 1 }, options: { name: "workspace_seq" } }]);
  }

  append(workspaceId: string, entry: AuditEntry): Promise<AuditEvent> {
    return new Promise((resolve, reject) => {
      const queue = this.pending.get(workspaceId);
      if (queue) {
        queue.push({ entry, resolve, reject });
        return;
      }
      this.pending.set(workspaceId, [{ entry, resolve, reject }]);
      void this.drain(workspaceId);
    });
  }

  async list(workspaceId: string, query: AuditQuery): Promise<AuditEvent[]> {
    await this.indexes();
    const filter: Filter<AuditDoc> = { workspace_id: workspaceId, seq: { $gt: query.afterSeq } };
    if (query.types && query.types.length > 0) filter.type = { $in: [...query.types] };
    if (query.resourceType !== undefined) filter.resource_type = query.resourceType;
    if (query.resourceId !== undefined) filter.resource_id = query.resourceId;
    if (query.since !== undefined || query.until !== undefined) {
      filter.at = { ...(query.since !== undefined ? { $gte: query.since } : {}), ...(query.until !== undefined ? { $lt: query.until } : {}) };
    }
    const docs = await this.events.find(filter).sort({ seq: 1 }).limit(query.limit).toArray();
    return docs.map(auditEventFromRow);
  }

  async head(workspaceId: string): Promise<AuditHead | null> {
    await this.indexes();
    const doc = await this.events.find({ workspace_id: workspaceId }, { projection: { seq: 1, hash: 1 } }).sort({ seq: -1 }).limit(1).next();
    return doc ? { seq: doc.seq, hash: doc.hash } : null;
  }

  // One drain per workspace at a time: it takes what is queued, batch after batch, until nothing is.
  private async drain(workspaceId: string): Promise<void> {
    const queue = this.pending.get(workspaceId)!;
    while (queue.length > 0) await this.insertBatch(workspaceId, queue.splice(0, MAX_BATCH));
    this.pending.delete(workspaceId);
  }

  private async insertBatch(workspaceId: string, batch: Pending[]): Promise<void> {
    let rest = batch;
    for (let attempt = 1; rest.length > 0; attempt++) {
      let events: AuditEvent[] = [];
      try {
        let head = (attempt === 1 ? this.lastHeads.get(workspaceId) : undefined) ?? (await this.head(workspaceId));
        events = rest.map((p) => {
          const event = nextAuditEvent(head, p.entry);
          head = { seq: event.seq, hash: event.hash };
          return event;
        });
        await this.events.insertMany(events.map((e) => docOf(workspaceId, e)), { ordered: true });
        this.lastHeads.set(workspaceId, head!);
        rest.forEach((p, i) => p.resolve(events[i]!));
        return;
      } catch (err) {
        const lostRace = isDuplicateKeyError(err) && attempt < MAX_ATTEMPTS;
        const stored = events.length === 0 ? 0 : await this.storedPrefix(workspaceId, events).catch(() => 0);
        rest.slice(0, stored).forEach((p, i) => p.resolve(events[i]!));
        rest = rest.slice(stored);
        if (!lostRace) {
          for (const p of rest) p.reject(err);
          return;
        }
      }
    }
  }

  // How many of `events`, from the first, are stored as they are (an ordered insert stops at its first failure).
  private async storedPrefix(workspaceId: string, events: AuditEvent[]): Promise<number> {
    const docs = await this.events.find({ _id: { $in: events.map((e) => idOf(workspaceId, e.seq)) } }, { projection: { hash: 1 } }).toArray();
    const hashes = new Map(docs.map((d) => [d._id, d.hash]));
    let n = 0;
    while (n < events.length && hashes.get(idOf(workspaceId, events[n]!.seq)) === events[n]!.hash) n++;
    return n;
  }
}

function idOf(workspaceId: string, seq: number): string {
  return `${workspaceId}:${seq}`;
}

function docOf(workspaceId: string, event: AuditEvent): AuditDoc {
  return {
    _id: idOf(workspaceId, event.seq),
    workspace_id: workspaceId,
    seq: event.seq,
    type: event.type,
    at: event.at,
    actor_key_id: event.actor.key_id,
    actor_subject: event.actor.subject,
    resource_type: event.resource.type,
    resource_id: event.resource.id,
    data: JSON.stringify(event.data),
    prev_hash: event.prev_hash,
    hash: event.hash,
  };
}
