import type { Collection, Db, Filter } from "mongodb";
import { mongoLazyIndexes } from "../db/lazy-indexes.js";
import { isDuplicateKeyError } from "../db/mongo.js";
import { nextAuditEvent } from "./audit-chain.js";
import type { AuditEntry, AuditEvent, AuditHead } from "./audit-event.js";
import type { AuditLog, AuditQuery } from "./audit-log.js";
import { auditEventFromRow, type AuditRow } from "./audit-row.js";

interface AuditDoc extends AuditRow {
  /** `<workspace_id>:<seq>`: the unique `_id` index makes each seq of a workspace one insert's to win. */
  _id: string;
  workspace_id: string;
}

// Losing the race for a seq means another writer just appended: read the new head and go again.
const MAX_ATTEMPTS = 100;

/**
 * AuditLog on MongoDB: collection `audit_events`. MongoDB without a replica
 * set, and FerretDB, have no multi-document transactions, so an append reads
 * the head and inserts the next event with `_id` `<workspace>:<seq>`; the
 * `_id` index refuses a second insert of the same seq, and the loser reads the
 * new head and tries again. Seqs are therefore unique and, since an insert
 * only ever takes head + 1, gap-free. Appends of one process to one workspace
 * queue in memory, so only other processes race.
 */
export class MongoAuditLog implements AuditLog {
  private readonly events: Collection<AuditDoc>;
  private readonly indexes: () => Promise<void>;
  // The tail of each workspace's queue of appends in this process.
  private readonly queues = new Map<string, Promise<unknown>>();

  constructor(db: Db) {
    this.events = db.collection<AuditDoc>("audit_events");
    this.indexes = mongoLazyIndexes(this.events, [{ keys: { workspace_id: 1, seq: 1 }, options: { name: "workspace_seq" } }]);
  }

  append(workspaceId: string, entry: AuditEntry): Promise<AuditEvent> {
    const previous = this.queues.get(workspaceId) ?? Promise.resolve();
    const appended = previous.catch(() => undefined).then(() => this.insertNext(workspaceId, entry));
    const tail = appended.catch(() => undefined);
    this.queues.set(workspaceId, tail);
    void tail.then(() => {
      if (this.queues.get(workspaceId) === tail) this.queues.delete(workspaceId);
    });
    return appended;
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

  private async insertNext(workspaceId: string, entry: AuditEntry): Promise<AuditEvent> {
    for (let attempt = 1; ; attempt++) {
      const event = nextAuditEvent(await this.head(workspaceId), entry);
      try {
        await this.events.insertOne({
          _id: `${workspaceId}:${event.seq}`,
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
        });
        return event;
      } catch (err) {
        if (!isDuplicateKeyError(err) || attempt >= MAX_ATTEMPTS) throw err;
      }
    }
  }
}
