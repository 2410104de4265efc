import { create } from "@bufbuild/protobuf";
import { timestampFromMs } from "@bufbuild/protobuf/wkt";
import { AgentSchema, type Agent as AgentMessage } from "../../../gen/gatehouse/govern/v1/govern_pb.js";
import type { Agent } from "../domain/agent.js";

/** The protobuf form of a registered agent. */
export function agentToProto(a: Agent): AgentMessage {
  return create(AgentSchema, {
    id: a.id,
    workspaceId: a.workspaceId,
    name: a.name,
    description: a.description ?? undefined,
    createdAt: timestampFromMs(a.createdAt),
  });
}
