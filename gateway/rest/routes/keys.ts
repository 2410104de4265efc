import { route } from "../route.js";
import { IdParams } from "../schemas/common.js";
import { CreatedKeyResponse, CreateKeyBody, KeyListResponse, KeyResponse } from "../schemas/key.js";
import { keyView } from "../views/key.js";
import type { RouteDeps } from "./deps.js";

/** `/v1/keys`: API keys of the caller's workspace. */
export function keyRoutes({ clients }: RouteDeps) {
  return [
    route({
      method: "POST",
      url: "/v1/keys",
      operationId: "createKey",
      summary: "Create an API key; its secret is returned once",
      tags: ["keys"],
      scope: "admin:keys:write",
      body: CreateKeyBody,
      status: 201,
      response: CreatedKeyResponse,
      async handler({ caller, body }) {
        const res = await clients.auth.createKey({
          caller,
          name: body.name,
          scopes: body.scopes,
          allowedIps: body.allowed_ips ?? [],
          subject: body.subject,
          workspaceId: body.workspace_id,
        });
        return { key: keyView(res.key!), secret: res.secret };
      },
    }),
    route({
      method: "GET",
      url: "/v1/keys",
      operationId: "listKeys",
      summary: "List the workspace's API keys (never their secrets)",
      tags: ["keys"],
      scope: "admin:keys:read",
      status: 200,
      response: KeyListResponse,
      async handler({ caller }) {
        const res = await clients.auth.listKeys({ caller });
        return { keys: res.keys.map(keyView) };
      },
    }),
    route({
      method: "POST",
      url: "/v1/keys/:id/revoke",
      operationId: "revokeKey",
      summary: "Revoke an API key at once",
      tags: ["keys"],
      scope: "admin:keys:write",
      params: IdParams,
      status: 200,
      response: KeyResponse,
      async handler({ caller, params }) {
        const res = await clients.auth.revokeKey({ caller, id: params.id });
        return { key: keyView(res.key!) };
      },
    }),
  ];
}
