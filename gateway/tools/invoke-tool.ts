import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { type ErrorLogger, type RestErrorBody, restErrorOf } from "../errors.js";
import { parseWith } from "../rest/validation.js";
import type { ToolDefinition, ToolRouteInput } from "./tool-definition.js";

/** One REST operation to run for a tool: its `operationId` and mapped input. */
export interface OperationCall extends ToolRouteInput {
  operationId: string;
}

/** What an operation answered: the REST body, or the REST error body. */
export type OperationOutcome = { ok: true; body: unknown } | { ok: false; error: RestErrorBody };

/**
 * Where tools run their REST operation: in the gateway, the route handler
 * itself; in `gatehouse mcp`, the REST API over HTTP. A backend answers
 * operation failures as outcomes; anything it throws is a fault.
 */
export interface ToolBackend {
  run(call: OperationCall, signal: AbortSignal): Promise<OperationOutcome>;
}

/** One MCP progress report (`notifications/progress` without its token). */
export interface ProgressReport {
  progress: number;
  total: number;
  message: string;
}

/** How often a holding tool reports progress. */
export const PROGRESS_INTERVAL_MS = 5000;

/** How one tool call is run. */
export interface InvokeOptions {
  backend: ToolBackend;
  signal: AbortSignal;
  logger: ErrorLogger;
  /** Set when the client asked for progress (sent a progressToken). */
  onProgress?: (report: ProgressReport) => Promise<void>;
}

/** The tool result of a REST body: the same JSON as text and as `structuredContent`. */
function resultOf(body: unknown, isError: boolean): CallToolResult {
  return {
    content: [{ type: "text", text: JSON.stringify(body) }],
    structuredContent: body as Record<string, unknown>,
    ...(isError ? { isError: true } : {}),
  };
}

/** Reports elapsed seconds of a hold every PROGRESS_INTERVAL_MS; returns the stop function. */
function reportWhileHolding(tool: string, holdSeconds: number, report: (r: ProgressReport) => Promise<void>, logger: ErrorLogger): () => void {
  const started = Date.now();
  let last = 0;
  const timer = setInterval(() => {
    const elapsed = Math.min(holdSeconds, Math.round((Date.now() - started) / 1000));
    // Progress must increase with every notification (MCP spec).
    if (elapsed <= last) return;
    last = elapsed;
    report({ progress: elapsed, total: holdSeconds, message: `${tool}: still waiting, ${elapsed} s of ${holdSeconds} s` }).catch((err: unknown) =>
      logger.warn({ err: err instanceof Error ? err.message : String(err) }, "could not send a progress notification"),
    );
  }, PROGRESS_INTERVAL_MS);
  return () => clearInterval(timer);
}

/**
 * Runs one tool call: validates the arguments with the tool's schema (a
 * failure is the REST 400 body, naming the argument), maps them to the REST
 * operation's input and runs it on the backend. The result carries the REST
 * body as `structuredContent` and as a JSON text block; a failed operation
 * gives `isError: true` with the REST error body. Never throws.
 */
export async function invokeTool(tool: ToolDefinition, rawArgs: unknown, opts: InvokeOptions): Promise<CallToolResult> {
  let stopProgress = () => {};
  try {
    const args = parseWith(tool.inputSchema, rawArgs ?? {});
    const hold = tool.holdSeconds?.(args);
    if (hold !== undefined && opts.onProgress) stopProgress = reportWhileHolding(tool.name, hold, opts.onProgress, opts.logger);
    const outcome = await opts.backend.run({ operationId: tool.operationId, ...tool.toRoute(args) }, opts.signal);
    return outcome.ok ? resultOf(outcome.body, false) : resultOf(outcome.error, true);
  } catch (err) {
    return resultOf(restErrorOf(err, opts.logger).body, true);
  } finally {
    stopProgress();
  }
}
