import { create } from "@bufbuild/protobuf";
import {
  CreateWorkspaceResponseSchema,
  type CreateWorkspaceRequest,
  type CreateWorkspaceResponse,
} from "../../../gen/gatehouse/auth/v1/auth_pb.js";
import { keyActor } from "../../../lib/audit/audit-event.js";
import { newId } from "../../../lib/ids.js";
import { workspaceCreatedEntry } from "../domain/audit-entries.js";
import { requireScope } from "../domain/scope-check.js";
import { validateName } from "../domain/validate-name.js";
import type { AuthDeps } from "./auth-deps.js";
import { requireCaller } from "../../../lib/rpc/caller.js";
import { workspaceMessage } from "./workspace-message.js";

/**
 * CreateWorkspace: a new workspace `ws_…` named `name` (1..200 characters,
 * trimmed). The caller must hold admin:workspaces:write. Its creation is
 * the first event of the new workspace's audit trail.
 */
export async function createWorkspace(deps: AuthDeps, req: CreateWorkspaceRequest): Promise<CreateWorkspaceResponse> {
  const caller = requireCaller(req.caller);
  requireScope(caller.scopes, "admin:workspaces:write");
  const name = validateName("name", req.name);
  const now = deps.clock.now();
  const ws = { id: newId("ws", now), name, createdAt: now };
  if (!(await deps.workspaces.insertIfAbsent(ws))) throw new Error("workspace id collision");
  await deps.audit.append(ws.id, workspaceCreatedEntry(ws, keyActor(caller)));
  return create(CreateWorkspaceResponseSchema, { workspace: workspaceMessage(ws) });
}
