import type { Caller } from "../../gen/gatehouse/common/v1/common_pb.js";
import { ForbiddenError } from "../../lib/errors.js";
import { type ErrorLogger, restErrorOf } from "../errors.js";
import type { ResponseMeta, RouteSpec } from "../rest/route.js";
import { parseWith } from "../rest/validation.js";
import type { OperationCall, OperationOutcome, ToolBackend } from "./invoke-tool.js";

/**
 * The gateway's tool backend: runs the REST operation's own route handler for
 * an already admitted caller. The request was authenticated and metered once
 * (`POST /mcp`), so the operation's scope is checked here against the
 * caller's scopes (403 naming it) rather than by a second Authorize call,
 * which would count the request twice. Input goes through the operation's
 * own schemas, so validation messages are the REST ones.
 */
export function routeBackend(operations: ReadonlyMap<string, RouteSpec>, caller: Caller, logger: ErrorLogger): ToolBackend {
  return {
    async run(call: OperationCall, signal: AbortSignal): Promise<OperationOutcome> {
      try {
        const spec = operations.get(call.operationId);
        if (!spec) throw new Error(`no REST operation ${call.operationId}`);
        if (spec.scope && !caller.scopes.includes(spec.scope)) throw new ForbiddenError(spec.scope);
        const response: ResponseMeta = { headers: {} };
        const body = await spec.handler({
          caller,
          body: spec.body ? parseWith(spec.body, call.body) : undefined,
          query: spec.query ? parseWith(spec.query, call.query ?? {}, "query") : undefined,
          params: spec.params ? parseWith(spec.params, call.params ?? {}) : undefined,
          headers: call.headers ?? {},
          signal,
          response,
        });
        return { ok: true, body };
      } catch (err) {
        return { ok: false, error: restErrorOf(err, logger).body };
      }
    },
  };
}

/** The route specs by `operationId`, checked to hold every operation `needed`. */
export function operationIndex(specs: readonly RouteSpec[], needed: readonly string[]): ReadonlyMap<string, RouteSpec> {
  const index = new Map(specs.map((s) => [s.operationId, s]));
  const missing = needed.filter((id) => !index.has(id));
  if (missing.length > 0) throw new Error(`tools refer to unknown REST operations: ${missing.join(", ")}`);
  return index;
}
