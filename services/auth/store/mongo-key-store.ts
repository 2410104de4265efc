import type { Collection, Db } from "mongodb";
import { isDuplicateKeyError } from "../../../lib/db/mongo-errors.js";
import type { Scope } from "../../../lib/scopes.js";
import type { ApiKeyRecord } from "../domain/api-key.js";
import type { KeyInsertResult, KeyStore } from "./key-store.js";
import { mongoLazyIndexes } from "../../../lib/db/lazy-indexes.js";

interface KeyDoc {
  _id: string;
  workspaceId: string;
  name: string;
  scopes: Scope[];
  allowedIps: string[];
  subject: string;
  secretPrefix: string;
  secretHash: string;
  /** Absent unless set: the unique index is sparse, so only present values must differ. */
  bootstrapSlot?: string;
  createdAt: Date;
  revokedAt: Date | null;
}

function fromDoc(doc: KeyDoc): ApiKeyRecord {
  const key: ApiKeyRecord = {
    id: doc._id,
    workspaceId: doc.workspaceId,
    name: doc.name,
    scopes: doc.scopes,
    allowedIps: doc.allowedIps,
    subject: doc.subject,
    secretPrefix: doc.secretPrefix,
    secretHash: doc.secretHash,
    createdAt: doc.createdAt.getTime(),
    revokedAt: doc.revokedAt ? doc.revokedAt.getTime() : null,
  };
  if (doc.bootstrapSlot !== undefined) key.bootstrapSlot = doc.bootstrapSlot;
  return key;
}

/**
 * KeyStore on MongoDB (collection `auth_keys`). Uniqueness of the secret hash
 * and of the bootstrap slot rests on unique indexes, which FerretDB enforces
 * atomically; no write depends on a multi-document transaction.
 */
export class MongoKeyStore implements KeyStore {
  private readonly col: Collection<KeyDoc>;
  private readonly indexes: () => Promise<void>;

  constructor(db: Db) {
    this.col = db.collection<KeyDoc>("auth_keys");
    this.indexes = mongoLazyIndexes(this.col, [
      { keys: { secretHash: 1 }, options: { name: "secret_hash_unique", unique: true } },
      { keys: { bootstrapSlot: 1 }, options: { name: "bootstrap_slot_unique", unique: true, sparse: true } },
      { keys: { workspaceId: 1, createdAt: -1, _id: -1 }, options: { name: "workspace_created" } },
    ]);
  }

  async insert(key: ApiKeyRecord): Promise<KeyInsertResult> {
    await this.indexes();
    const doc: KeyDoc = {
      _id: key.id,
      workspaceId: key.workspaceId,
      name: key.name,
      scopes: key.scopes,
      allowedIps: key.allowedIps,
      subject: key.subject,
      secretPrefix: key.secretPrefix,
      secretHash: key.secretHash,
      createdAt: new Date(key.createdAt),
      revokedAt: key.revokedAt === null ? null : new Date(key.revokedAt),
    };
    if (key.bootstrapSlot !== undefined) doc.bootstrapSlot = key.bootstrapSlot;
    try {
      await this.col.insertOne(doc);
      return "inserted";
    } catch (err) {
      if (isDuplicateKeyError(err)) return "duplicate";
      throw err;
    }
  }

  async findBySecretHash(secretHash: string): Promise<ApiKeyRecord | null> {
    await this.indexes();
    const doc = await this.col.findOne({ secretHash });
    return doc ? fromDoc(doc) : null;
  }

  async get(workspaceId: string, id: string): Promise<ApiKeyRecord | null> {
    const doc = await this.col.findOne({ _id: id, workspaceId });
    return doc ? fromDoc(doc) : null;
  }

  async list(workspaceId: string): Promise<ApiKeyRecord[]> {
    await this.indexes();
    const docs = await this.col.find({ workspaceId }).sort({ createdAt: -1, _id: -1 }).toArray();
    return docs.map(fromDoc);
  }

  async hasAny(workspaceId: string): Promise<boolean> {
    await this.indexes();
    return (await this.col.findOne({ workspaceId }, { projection: { _id: 1 } })) !== null;
  }

  async revoke(workspaceId: string, id: string, at: number): Promise<ApiKeyRecord | null> {
    // The filter makes a second revocation a no-op, so revoked_at keeps its first value.
    await this.col.updateOne({ _id: id, workspaceId, revokedAt: null }, { $set: { revokedAt: new Date(at) } });
    return this.get(workspaceId, id);
  }

  async setScopes(workspaceId: string, id: string, scopes: Scope[]): Promise<boolean> {
    const res = await this.col.updateOne({ _id: id, workspaceId }, { $set: { scopes } });
    return res.matchedCount === 1;
  }
}
