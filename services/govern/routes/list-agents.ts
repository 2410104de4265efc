import { create } from "@bufbuild/protobuf";
import { ListAgentsResponseSchema, type ListAgentsRequest, type ListAgentsResponse } from "../../../gen/gatehouse/govern/v1/govern_pb.js";
import { agentToProto } from "./agent-to-proto.js";
import type { GovernDeps } from "./govern-deps.js";
import { workspaceOf } from "../../../lib/rpc/caller.js";

/** `ListAgents`: the caller's workspace's agents in registration order. */
export function listAgents(deps: GovernDeps) {
  return async (req: ListAgentsRequest): Promise<ListAgentsResponse> => {
    const agents = await deps.agents.list(workspaceOf(req.caller));
    return create(ListAgentsResponseSchema, { agents: agents.map(agentToProto) });
  };
}
