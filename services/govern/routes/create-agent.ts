import { create } from "@bufbuild/protobuf";
import { CreateAgentResponseSchema, type CreateAgentRequest, type CreateAgentResponse } from "../../../gen/gatehouse/govern/v1/govern_pb.js";
import { newId } from "../../../lib/ids.js";
import { validateAgentInput } from "../domain/agent-input.js";
import type { Agent } from "../domain/agent.js";
import { agentToProto } from "./agent-to-proto.js";
import type { GovernDeps } from "./govern-deps.js";
import { workspaceOf } from "../../../lib/rpc/caller.js";

/** `CreateAgent`: registers an agent (name 1..200, description ≤ 2000) in the caller's workspace. The REST answer is 201. */
export function createAgent(deps: GovernDeps) {
  return async (req: CreateAgentRequest): Promise<CreateAgentResponse> => {
    const workspaceId = workspaceOf(req.caller);
    const input = validateAgentInput(req.name, req.description);
    const now = deps.clock.now();
    const agent: Agent = { ...input, id: newId("agent", now), workspaceId, createdAt: now };
    await deps.agents.insert(agent);
    return create(CreateAgentResponseSchema, { agent: agentToProto(agent) });
  };
}
