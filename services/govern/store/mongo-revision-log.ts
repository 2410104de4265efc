import type { Collection, Db, Document } from "mongodb";
import { isDuplicateKeyError } from "../../../lib/db/mongo.js";
import { LazyIndexes } from "../../../lib/db/lazy-indexes.js";

/** One numbered state of a record. */
export interface RevisionEntry<S> {
  revision: number;
  state: S;
}

interface RevisionDoc {
  workspace_id: string;
  id: string;
  revision: number;
  state: Document;
}

/**
 * An append-only log of the numbered states of records, the one conditional
 * write MongoDB-compatible servers all do atomically.
 *
 * FerretDB (the MongoDB server of the tests) evaluates an update's filter and
 * writes the document in two steps, so `updateOne` / `findOneAndUpdate` with
 * the expected revision in the filter can let several concurrent writers
 * "win". A unique index, though, is enforced atomically: of N concurrent
 * inserts of revision r+1 of a record exactly one succeeds. Stores therefore
 * claim a transition by appending the new state here, and only then project
 * it onto the record's document, which readers roll forward from the log
 * when the projection lags (a crash between the two writes, or two
 * projections racing).
 */
export class MongoRevisionLog<S extends Document> {
  private readonly log: Collection<RevisionDoc>;
  private readonly indexes: LazyIndexes;

  constructor(db: Db, collection: string) {
    this.log = db.collection<RevisionDoc>(collection);
    this.indexes = new LazyIndexes(async () => {
      await this.log.createIndex({ workspace_id: 1, id: 1, revision: 1 }, { name: "workspace_id_id_revision", unique: true });
    });
  }

  /** Appends revision `revision` of a record; resolves false when that revision already exists (a lost race). */
  async append(workspaceId: string, id: string, revision: number, state: S): Promise<boolean> {
    await this.indexes.ensure();
    try {
      await this.log.insertOne({ workspace_id: workspaceId, id, revision, state });
      return true;
    } catch (err) {
      if (isDuplicateKeyError(err)) return false;
      throw err;
    }
  }

  /** The highest logged revision of a record, or null when none is logged. */
  async latest(workspaceId: string, id: string): Promise<RevisionEntry<S> | null> {
    await this.indexes.ensure();
    const doc = await this.log.find({ workspace_id: workspaceId, id }).sort({ revision: -1 }).limit(1).next();
    return doc ? { revision: doc.revision, state: doc.state as S } : null;
  }

  /**
   * The highest logged revision of each of `records` that has one, keyed by
   * `revisionKey(workspaceId, id)`.
   */
  async latestOf(records: ReadonlyArray<{ workspaceId: string; id: string }>): Promise<Map<string, RevisionEntry<S>>> {
    const out = new Map<string, RevisionEntry<S>>();
    if (records.length === 0) return out;
    await this.indexes.ensure();
    const wanted = new Set(records.map((r) => revisionKey(r.workspaceId, r.id)));
    const docs = await this.log.find({ id: { $in: [...new Set(records.map((r) => r.id))] } }).toArray();
    for (const doc of docs) {
      const key = revisionKey(doc.workspace_id, doc.id);
      if (!wanted.has(key)) continue;
      const seen = out.get(key);
      if (!seen || seen.revision < doc.revision) out.set(key, { revision: doc.revision, state: doc.state as S });
    }
    return out;
  }
}

/** The key `latestOf` files a record's entry under. */
export function revisionKey(workspaceId: string, id: string): string {
  return `${workspaceId}\u0000${id}`;
}
