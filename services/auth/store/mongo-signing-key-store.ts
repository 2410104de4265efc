import type { Collection, Db } from "mongodb";
import { isDuplicateKeyError } from "../../../lib/db/mongo-errors.js";
import type { PublicEcJwk, SigningKeyRecord } from "../domain/signing-key.js";
import type { SigningKeyStore } from "./signing-key-store.js";

interface SigningKeyDoc {
  /** The generation: `_id` uniqueness is what lets one of concurrent rotations win. */
  _id: number;
  kid: string;
  publicJwk: PublicEcJwk;
  privateJwk: string | null;
  createdAt: Date;
}

/** SigningKeyStore on MongoDB (collection `auth_signing_keys`). */
export class MongoSigningKeyStore implements SigningKeyStore {
  private readonly col: Collection<SigningKeyDoc>;

  constructor(db: Db) {
    this.col = db.collection<SigningKeyDoc>("auth_signing_keys");
  }

  async latest(limit: number): Promise<SigningKeyRecord[]> {
    const docs = await this.col.find({}).sort({ _id: -1 }).limit(limit).toArray();
    return docs.map((d) => ({
      generation: d._id,
      kid: d.kid,
      publicJwk: { kty: "EC", crv: "P-256", x: d.publicJwk.x, y: d.publicJwk.y },
      privateJwk: d.privateJwk,
      createdAt: d.createdAt.getTime(),
    }));
  }

  async insertGeneration(rec: SigningKeyRecord): Promise<boolean> {
    try {
      await this.col.insertOne({
        _id: rec.generation,
        kid: rec.kid,
        publicJwk: rec.publicJwk,
        privateJwk: rec.privateJwk,
        createdAt: new Date(rec.createdAt),
      });
      return true;
    } catch (err) {
      if (isDuplicateKeyError(err)) return false;
      throw err;
    }
  }
}
