import { route } from "../route.js";
import { CreateWorkspaceBody, WorkspaceResponse } from "../schemas/key.js";
import { workspaceView } from "../views/key.js";
import type { RouteDeps } from "./deps.js";

/** `/v1/workspaces`: tenants. */
export function workspaceRoutes({ clients }: RouteDeps) {
  return [
    route({
      method: "POST",
      url: "/v1/workspaces",
      operationId: "createWorkspace",
      summary: "Create a workspace; then create its first key with POST /v1/keys and workspace_id",
      tags: ["keys"],
      scope: "admin:workspaces:write",
      body: CreateWorkspaceBody,
      status: 201,
      response: WorkspaceResponse,
      async handler({ caller, body }) {
        const res = await clients.auth.createWorkspace({ caller, name: body.name });
        return { workspace: workspaceView(res.workspace!) };
      },
    }),
  ];
}
