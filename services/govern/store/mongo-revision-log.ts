import type { Collection, Db, Document } from "mongodb";
import { isDuplicateKeyError } from "../../../lib/db/mongo.js";

/** One numbered state of a record. */
export interface RevisionEntry<S> {
  revision: number;
  state: S;
}

interface RevisionDoc {
  /** `<record id>#<revision>`: the unique `_id` is the whole condition of an append. */
  _id: string;
  workspace_id: string;
  id: string;
  revision: number;
  state: Document;
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
 * Every read is a lookup by `_id`, so a read costs the same however many
 * records and revisions are stored, and the log needs no index of its own.
 * A reader knows the revision its projection holds and asks for the ones
 * after it, which normally is a single miss.
 */
export class MongoRevisionLog<S extends Document> {
  private readonly log: Collection<RevisionDoc>;

  constructor(db: Db, collection: string) {
    this.log = db.collection<RevisionDoc>(collection);
  }

  /** Appends revision `revision` of a record; resolves false when that revision already exists (a lost race). */
  async append(workspaceId: string, id: string, revision: number, state: S): Promise<boolean> {
    try {
      await this.log.insertOne({ _id: entryId(id, revision), workspace_id: workspaceId, id, revision, state });
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

  /** `after` for each of `records`, in the same order. */
  afterEach(records: readonly KnownRevision[]): Promise<(RevisionEntry<S> | null)[]> {
    return Promise.all(records.map((r) => this.after(r)));
  }
}
