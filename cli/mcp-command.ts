import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { pino } from "pino";
import { createMcpServer, publishTools } from "../gateway/tools/mcp-server.js";
import { TOOL_DEFINITIONS } from "../gateway/tools/tool-definitions.js";
import type { ApiTarget } from "./keys-command.js";
import { restToolBackend } from "./rest-tool-backend.js";

/**
 * `gatehouse mcp`: the tool server over stdio for local agents — the same
 * tools as `POST /mcp`, each calling the REST API of the deployment at
 * `target.url` with `target.apiKey`. stdout carries the protocol, so logs go
 * to stderr. Resolves once serving; the process ends when stdin closes.
 */
export async function mcpCommand(target: ApiTarget): Promise<void> {
  if (!target.apiKey) throw new Error("GATEHOUSE_API_KEY is required: the API key the tools call Gatehouse with");
  try {
    new URL(target.url);
  } catch {
    throw new Error(`GATEHOUSE_URL is not a URL: ${JSON.stringify(target.url)}`);
  }
  const logger = pino({ name: "gatehouse-mcp", level: "warn" }, pino.destination(2));
  const server = createMcpServer({ tools: publishTools(TOOL_DEFINITIONS), backend: restToolBackend(target), logger });
  const transport = new StdioServerTransport();
  await server.connect(transport);
  // The client closing our stdin ends the session; pending calls are aborted by close().
  process.stdin.once("end", () => {
    void server.close().finally(() => process.exit(0));
  });
}
