import { create } from "@bufbuild/protobuf";
import { GetAgentResponseSchema, type GetAgentRequest, type GetAgentResponse } from "../../../gen/gatehouse/govern/v1/govern_pb.js";
import { NotFoundError } from "../../../lib/errors.js";
import { agentToProto } from "./agent-to-proto.js";
import type { GovernDeps } from "./govern-deps.js";
import { workspaceOf } from "../../../lib/rpc/caller.js";

/** `GetAgent`: one agent of the caller's workspace; any other ID is NotFound. */
export function getAgent(deps: GovernDeps) {
  return async (req: GetAgentRequest): Promise<GetAgentResponse> => {
    const agent = await deps.agents.get(workspaceOf(req.caller), req.id);
    if (!agent) throw new NotFoundError("agent", req.id);
    return create(GetAgentResponseSchema, { agent: agentToProto(agent) });
  };
}
