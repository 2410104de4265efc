import type { Collection, Db } from "mongodb";
import { isDuplicateKeyError } from "../db/mongo-errors.js";
import type { LeaseStore } from "./lease-store.js";

interface LeaseDoc {
  _id: string;
  holder: string;
}

/**
 * LeaseStore on MongoDB: one document per claimed epoch in
 * `gatehouse_leases`, keyed `<name>/<epoch>` so that the claim is an insert
 * on `_id` — atomic on MongoDB and FerretDB alike, and served by the `_id`
 * index on both — and every read is a point lookup.
 */
export class MongoLeaseStore implements LeaseStore {
  private readonly leases: Collection<LeaseDoc>;

  constructor(db: Db) {
    this.leases = db.collection<LeaseDoc>("gatehouse_leases");
  }

  async claim(name: string, epoch: number, holder: string): Promise<string> {
    const _id = `${name}/${epoch}`;
    try {
      await this.leases.insertOne({ _id, holder });
      return holder;
    } catch (err) {
      if (!isDuplicateKeyError(err)) throw err;
    }
    const doc = await this.leases.findOne({ _id });
    // Forgotten between the two calls: nobody holds it now, which is not us.
    return doc?.holder ?? "";
  }

  async forget(name: string, epoch: number): Promise<void> {
    await this.leases.deleteOne({ _id: `${name}/${epoch}` });
  }
}
