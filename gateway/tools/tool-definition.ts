import type { ToolAnnotations } from "@modelcontextprotocol/sdk/types.js";
import type { z } from "zod";

/**
 * The REST input a tool call maps to, in the REST spelling. The backing
 * operation validates it with its own schemas, so a tool never accepts what
 * the REST operation would refuse.
 */
export interface ToolRouteInput {
  body?: unknown;
  query?: Record<string, string>;
  params?: Record<string, string>;
  /** Extra request headers, lower-cased names (e.g. `idempotency-key`). */
  headers?: Record<string, string>;
}

/**
 * One MCP tool: its published contract (name, description, argument and
 * result schemas) and how its arguments become the input of the REST
 * operation `operationId` that implements it. A tool has no behaviour of its
 * own: the gateway runs the operation's route handler, `gatehouse mcp` calls
 * the operation over HTTP.
 */
export interface ToolDefinition<A = unknown> {
  name: string;
  title: string;
  /** What the tool does and when an agent should call it, including the scope it needs. */
  description: string;
  /** The arguments; a zod object schema, strict (unknown arguments are a 400). */
  inputSchema: z.ZodType<A>;
  /** The REST response body the tool returns as `structuredContent` on success. */
  outputSchema: z.ZodType;
  annotations: ToolAnnotations;
  /** The `operationId` of the REST operation that backs the tool. */
  operationId: string;
  /** Maps validated arguments to the operation's input. */
  toRoute(args: A): ToolRouteInput;
  /**
   * For tools that hold (long-poll): how long the call may take, in seconds.
   * Such tools report progress while they hold when the client asks for it.
   */
  holdSeconds?(args: A): number;
}

/** Declares a tool with its argument type inferred from its input schema. */
export function defineTool<A>(def: ToolDefinition<A>): ToolDefinition {
  return def as unknown as ToolDefinition;
}
