import { route } from "../route.js";
import { IdParams } from "../schemas/common.js";
import { AgentListResponse, AgentResponse, CreateAgentBody } from "../schemas/policy.js";
import { agentView } from "../views/policy.js";
import type { RouteDeps } from "./deps.js";

/** `/v1/agents`: the registry of agents checkpoints may name by `agent_id`. */
export function agentRoutes({ clients }: RouteDeps) {
  return [
    route({
      method: "POST",
      url: "/v1/agents",
      operationId: "createAgent",
      summary: "Register an agent",
      tags: ["agents"],
      scope: "govern:agents:write",
      body: CreateAgentBody,
      status: 201,
      response: AgentResponse,
      async handler({ caller, body }) {
        const { agent } = await clients.govern.createAgent({ caller, name: body.name, description: body.description ?? undefined });
        return { agent: agentView(agent!) };
      },
    }),
    route({
      method: "GET",
      url: "/v1/agents",
      operationId: "listAgents",
      summary: "Registered agents of the workspace",
      tags: ["agents"],
      scope: "govern:agents:read",
      status: 200,
      response: AgentListResponse,
      async handler({ caller }) {
        const res = await clients.govern.listAgents({ caller });
        return { agents: res.agents.map(agentView) };
      },
    }),
    route({
      method: "GET",
      url: "/v1/agents/:id",
      operationId: "getAgent",
      summary: "Get one agent",
      tags: ["agents"],
      scope: "govern:agents:read",
      params: IdParams,
      status: 200,
      response: AgentResponse,
      async handler({ caller, params }) {
        const { agent } = await clients.govern.getAgent({ caller, id: params.id });
        return { agent: agentView(agent!) };
      },
    }),
  ];
}
