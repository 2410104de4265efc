import { create } from "@bufbuild/protobuf";
import {
  GetWorkspaceResponseSchema,
  type GetWorkspaceRequest,
  type GetWorkspaceResponse,
} from "../../../gen/gatehouse/auth/v1/auth_pb.js";
import { NotFoundError } from "../../../lib/errors.js";
import type { AuthDeps } from "./auth-deps.js";
import { requireCaller } from "../../../lib/rpc/caller.js";
import { workspaceMessage } from "./workspace-message.js";

/**
 * GetWorkspace: the workspace `id` (the caller's own when `id` is empty).
 * Another workspace is visible only to holders of admin:workspaces:write;
 * to anybody else it does not exist (404), like every foreign resource.
 */
export async function getWorkspace(deps: AuthDeps, req: GetWorkspaceRequest): Promise<GetWorkspaceResponse> {
  const caller = requireCaller(req.caller);
  const id = req.id === "" ? caller.workspaceId : req.id;
  if (id !== caller.workspaceId && !caller.scopes.includes("admin:workspaces:write")) {
    throw new NotFoundError("workspace", id);
  }
  const ws = await deps.workspaces.get(id);
  if (!ws) throw new NotFoundError("workspace", id);
  return create(GetWorkspaceResponseSchema, { workspace: workspaceMessage(ws) });
}
