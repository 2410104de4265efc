import type { Collection, Db, Document } from "mongodb";
import { isDuplicateKeyError } from "../../../lib/db/mongo-errors.js";

/** One numbered state of a record. */
export interface RevisionEntry<S> {
  revision: number;
  state: S;
}

/** What an entry may record besides the state: when the change was made and the events it made. */
export interface RevisionMeta {
  at: number;
  events: readonly string[];
}

/** A logged revision with its meta, as `since` finds it. */
export interface LoggedRevision<S> extends RevisionEntry<S>, RevisionMeta {
  id: string;
}

interface RevisionDoc {
  /** `<record id>#<revision>`: the unique `_id` is the whole condition of an append. */
  _id: string;
  workspace_id: string;
  id: string;
  revision: number;
  state: Document;
  /** Absent in entries logged before events were recorded, as is `events`. */
  at?: number;
  events?: string[];
}

/** A record whose projection is at revision `known`. */
export interface KnownRevision {
  workspaceId: string;
  id: string;
  known: number;
}

/** The `_id` of revision `revision` of record `id` (record IDs are unique across workspaces). */
function entryId(id: string, revision: number): string {
  return `${id}#${revision}`;
}

/**
 * An append-only log of the numbered states of records, the one conditional
 * write MongoDB-compatible servers all do atomically.
 *
 * FerretDB (the MongoDB server of the tests) evaluates an update's filter and
 * writes the document in two steps, so `updateOne` / `findOneAndUpdate` with
 * the expected revision in the filter can let several concurrent writers
 * "win". A unique `_id`, though, is enforced atomically: of N concurrent
 * inserts of revision r+1 of a record exactly one succeeds. Stores therefore
 * claim a transition by appending the new state here, and only then project
 * it onto the record's document, which readers roll forward from the log
 * when the projection lags (a crash between the two writes, or two
 * projections racing).
 *
 * Every read of a state is a lookup by `_id`, so it costs the same however
 * many records and revisions are stored; only the event queries (`since`,
 * `madeBefore`) need the indexes of `createIndexes`. A reader knows the revision its projection holds and asks for the ones
 * after it, which normally is a single miss.
 */
export class MongoRevisionLog<S extends Document> {
  private readonly log: Collection<RevisionDoc>;

  constructor(db: Db, collection: string) {
    this.log = db.collection<RevisionDoc>(collection);
  }

  /**
   * Appends revision `revision` of a record, with `meta` when given; resolves
   * false when that revision already exists (a lost race).
   */
  async append(workspaceId: string, id: string, revision: number, state: S, meta?: RevisionMeta): Promise<boolean> {
    const doc: RevisionDoc = { _id: entryId(id, revision), workspace_id: workspaceId, id, revision, state };
    if (meta) {
      doc.at = meta.at;
      doc.events = [...meta.events];
    }
    try {
      await this.log.insertOne(doc);
      return true;
    } catch (err) {
      if (isDuplicateKeyError(err)) return false;
      throw err;
    }
  }

  /**
   * The highest logged revision of a record above `known` (the revision its
   * projection holds), or null when none is: revisions are consecutive, so
   * it reads known+1, known+2, … until one is missing.
   */
  async after({ workspaceId, id, known }: KnownRevision): Promise<RevisionEntry<S> | null> {
    let latest: RevisionEntry<S> | null = null;
    for (let revision = known + 1; ; revision++) {
      const doc = await this.log.findOne({ _id: entryId(id, revision) });
      // An entry of another workspace cannot exist (IDs are unique); checked all the same.
      if (!doc || doc.workspace_id !== workspaceId) return latest;
      latest = { revision: doc.revision, state: doc.state as S };
    }
  }

  /**
   * The workspace's entries with events made at or after `since`, by time
   * (then `_id`), at most `limit`; served by the `workspace_at` index.
   */
  async since(workspaceId: string, since: number, limit: number): Promise<LoggedRevision<S>[]> {
    const docs = await this.log
      .find({ workspace_id: workspaceId, at: { $gte: since }, "events.0": { $exists: true } })
      .sort({ at: 1, _id: 1 })
      .limit(limit)
      .toArray();
    return docs.map((d) => ({ id: d.id, revision: d.revision, state: d.state as S, at: d.at!, events: d.events! }));
  }

  /** Up to `limit` entries made before `before`: which record and revision each is. */
  async madeBefore(before: number, limit: number): Promise<{ workspaceId: string; id: string; revision: number }[]> {
    const docs = await this.log.find({ at: { $lt: before } }, { projection: { workspace_id: 1, id: 1, revision: 1 } }).limit(limit).toArray();
    return docs.map((d) => ({ workspaceId: d.workspace_id, id: d.id, revision: d.revision }));
  }

  /**
   * Deletes the entries of record `id` up to revision `upTo`. Only for
   * revisions its projection holds: a reader never needs them again, and a
   * writer checks the projection before it appends, so none is re-claimed.
   */
  async forget(id: string, upTo: number, revisions: readonly number[]): Promise<void> {
    const ids = revisions.filter((r) => r <= upTo).map((r) => entryId(id, r));
    if (ids.length > 0) await this.log.deleteMany({ _id: { $in: ids } });
  }

  /** Creates the indexes `since` and `madeBefore` use (one command each; see LazyIndexes). */
  async createIndexes(): Promise<void> {
    await this.log.createIndex({ workspace_id: 1, at: 1 }, { name: "workspace_at" });
    await this.log.createIndex({ at: 1 }, { name: "at" });
  }

  /** `after` for each of `records`, in the same order. */
  afterEach(records: readonly KnownRevision[]): Promise<(RevisionEntry<S> | null)[]> {
    return Promise.all(records.map((r) => this.after(r)));
  }
}
