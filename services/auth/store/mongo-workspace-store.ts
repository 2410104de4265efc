import type { Collection, Db } from "mongodb";
import { isDuplicateKeyError } from "../../../lib/db/mongo-errors.js";
import type { WorkspaceRecord } from "../domain/workspace.js";
import type { WorkspaceStore } from "./workspace-store.js";

interface WorkspaceDoc {
  _id: string;
  name: string;
  createdAt: Date;
}

/** WorkspaceStore on MongoDB (collection `auth_workspaces`, keyed by `_id`). */
export class MongoWorkspaceStore implements WorkspaceStore {
  private readonly col: Collection<WorkspaceDoc>;

  constructor(db: Db) {
    this.col = db.collection<WorkspaceDoc>("auth_workspaces");
  }

  async insertIfAbsent(ws: WorkspaceRecord): Promise<boolean> {
    try {
      await this.col.insertOne({ _id: ws.id, name: ws.name, createdAt: new Date(ws.createdAt) });
      return true;
    } catch (err) {
      if (isDuplicateKeyError(err)) return false;
      throw err;
    }
  }

  async get(id: string): Promise<WorkspaceRecord | null> {
    const doc = await this.col.findOne({ _id: id });
    return doc ? { id: doc._id, name: doc.name, createdAt: doc.createdAt.getTime() } : null;
  }
}
