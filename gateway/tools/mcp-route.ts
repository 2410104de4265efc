import type { Client } from "@connectrpc/connect";
import type { FastifyInstance } from "fastify";
import type { AuthService } from "../../gen/gatehouse/auth/v1/auth_pb.js";
import { admit } from "../admission.js";
import { errorHeaders, restError } from "../errors.js";
import type { RouteSpec } from "../rest/route.js";
import type { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import type { createMcpServer, PublishedTools } from "./mcp-server.js";
import { operationIndex, routeBackend } from "./route-backend.js";
import { jsonRpcRequestCount, sdkRequestOf, streamsProgress } from "./sdk-request.js";
import { TOOL_DEFINITIONS } from "./tool-definitions.js";

/** Where the tool server is mounted. */
export const MCP_PATH = "/mcp";

/** What serving MCP needs from the SDK, and the tools as the SDK lists them. */
interface McpRuntime {
  Transport: typeof WebStandardStreamableHTTPServerTransport;
  createMcpServer: typeof createMcpServer;
  tools: PublishedTools;
}

let runtime: Promise<McpRuntime> | undefined;

// The SDK and its protocol schemas take several megabytes of heap: they load
// with the first MCP request, so a process whose agents use REST never holds them.
function mcpRuntime(): Promise<McpRuntime> {
  runtime ??= Promise.all([import("@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js"), import("./mcp-server.js")]).then(
    ([transport, server]) => ({
      Transport: transport.WebStandardStreamableHTTPServerTransport,
      createMcpServer: server.createMcpServer,
      tools: server.publishTools(TOOL_DEFINITIONS),
    }),
    (error: unknown) => {
      // Let the next request try again rather than fail for the life of the process.
      runtime = undefined;
      throw error;
    },
  );
  return runtime;
}

/**
 * Mounts the MCP tool server at `POST /mcp`: Streamable HTTP, stateless (a
 * new SDK server and transport per request, no session), JSON responses —
 * or an SSE stream when the client accepts one and asked for progress.
 * The request is admitted once through the auth service before any JSON-RPC
 * is read (401 with WWW-Authenticate, 429, RateLimit headers, as on REST),
 * and metered once more per extra request of a JSON-RPC batch; each tool
 * then needs its REST operation's scope. Other methods get 405.
 */
export function registerMcpRoute(app: FastifyInstance, deps: { auth: Client<typeof AuthService>; specs: readonly RouteSpec[] }): void {
  const operations = operationIndex(deps.specs, TOOL_DEFINITIONS.map((t) => t.operationId));

  app.route({
    method: "POST",
    url: MCP_PATH,
    // An empty scope: authenticate and meter only; the tools check their own scopes.
    onRequest: async (request, reply) => {
      request.caller = await admit(deps.auth, request, reply, "");
    },
    handler: async (request, reply) => {
      // A batch is one POST but several calls: each request beyond the first is metered too.
      for (let i = 1; i < jsonRpcRequestCount(request.body); i++) await admit(deps.auth, request, reply, "");
      const { Transport, createMcpServer, tools } = await mcpRuntime();
      const transport = new Transport({
        sessionIdGenerator: undefined,
        enableJsonResponse: !streamsProgress(request),
      });
      const server = createMcpServer({ tools, backend: routeBackend(operations, request.caller!, request.log), logger: request.log });
      await server.connect(transport);
      // Closing the server aborts in-flight tool calls (a client hanging up frees its long-poll waiter).
      const hungUp = new Promise<undefined>((resolve) =>
        reply.raw.once("close", () => {
          void server.close();
          resolve(undefined);
        }),
      );
      const response = await Promise.race([transport.handleRequest(sdkRequestOf(request), { parsedBody: request.body ?? null }), hungUp]);
      if (!response) {
        // The client is gone and the JSON answer will never be produced: nothing to send.
        reply.hijack();
        return;
      }
      return reply.send(response);
    },
  });

  app.route({
    method: ["GET", "DELETE", "PUT", "PATCH"],
    url: MCP_PATH,
    handler: async (request, reply) => {
      const e = restError("METHOD_NOT_ALLOWED", `${request.method} is not allowed on ${MCP_PATH}; this stateless MCP server takes POST only`);
      return reply.code(405).header("Allow", "POST").headers(errorHeaders(e)).type("application/json; charset=utf-8").send(e.body);
    },
  });
}
