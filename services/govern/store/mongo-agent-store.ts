import type { Collection, Db } from "mongodb";
import type { Agent } from "../domain/agent.js";
import type { AgentStore } from "./agent-store.js";
import { LazyIndexes } from "../../../lib/db/lazy-indexes.js";
import { pingBackend } from "../../../lib/db/backend.js";

/** The collection holding every workspace's agents. */
export const AGENTS_COLLECTION = "govern_agents";

interface AgentDoc {
  workspace_id: string;
  id: string;
  name: string;
  description: string | null;
  created_at: number;
}

const LIST_SORT = { created_at: 1, _id: 1 } as const;

/** Agent store on MongoDB (collection `govern_agents`), one document per agent. */
export class MongoAgentStore implements AgentStore {
  private readonly agents: Collection<AgentDoc>;
  private readonly indexes: LazyIndexes;

  constructor(private readonly db: Db) {
    this.agents = db.collection<AgentDoc>(AGENTS_COLLECTION);
    this.indexes = new LazyIndexes(async () => {
      await this.agents.createIndex({ workspace_id: 1, id: 1 }, { name: "workspace_id_id", unique: true });
      await this.agents.createIndex({ workspace_id: 1, ...LIST_SORT }, { name: "workspace_listing" });
    });
  }

  async insert(agent: Agent): Promise<void> {
    await this.indexes.ensure();
    await this.agents.insertOne({
      workspace_id: agent.workspaceId,
      id: agent.id,
      name: agent.name,
      description: agent.description,
      created_at: agent.createdAt,
    });
  }

  async get(workspaceId: string, id: string): Promise<Agent | null> {
    await this.indexes.ensure();
    const doc = await this.agents.findOne({ workspace_id: workspaceId, id }, { projection: { _id: 0 } });
    return doc ? fromDoc(doc) : null;
  }

  async list(workspaceId: string): Promise<Agent[]> {
    await this.indexes.ensure();
    const docs = await this.agents.find({ workspace_id: workspaceId }).sort(LIST_SORT).toArray();
    return docs.map(fromDoc);
  }

  ping(): Promise<boolean> {
    return pingBackend({ kind: "mongodb", db: this.db });
  }
}

function fromDoc(doc: AgentDoc): Agent {
  return { id: doc.id, workspaceId: doc.workspace_id, name: doc.name, description: doc.description ?? null, createdAt: doc.created_at };
}
