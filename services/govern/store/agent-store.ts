import type { Agent } from "../domain/agent.js";

/** Storage port of registered agents, scoped to one workspace per call. */
export interface AgentStore {
  /** Stores a new agent; its ID must be new. */
  insert(agent: Agent): Promise<void>;
  /** The agent of `workspaceId` with this ID, or null (also for another workspace's). */
  get(workspaceId: string, id: string): Promise<Agent | null>;
  /** The workspace's agents in registration order. */
  list(workspaceId: string): Promise<Agent[]>;
  /** Resolves true when the storage engine answers. */
  ping(): Promise<boolean>;
}
