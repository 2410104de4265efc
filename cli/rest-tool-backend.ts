import type { RestErrorBody } from "../gateway/errors.js";
import type { OperationCall, OperationOutcome, ToolBackend } from "../gateway/tools/invoke-tool.js";
import type { ApiTarget } from "./keys-command.js";
import { apiUrl, fetchRestOperations, type RestOperation } from "./rest-operations.js";

/** The REST error shape, recognised in an answer body. */
function isRestError(body: unknown): body is RestErrorBody {
  const b = body as Partial<RestErrorBody> | null;
  return typeof b === "object" && b !== null && typeof b.statusCode === "number" && typeof b.code === "string" && typeof b.message === "string";
}

function unavailable(message: string): OperationOutcome {
  return { ok: false, error: { statusCode: 503, code: "UNAVAILABLE", message } };
}

/** A network failure's reason; fetch puts the useful part (ECONNREFUSED …) in `cause`. */
function reasonOf(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  return err.cause instanceof Error ? `${err.message} (${err.cause.message})` : err.message;
}

/** The operation's URL: path parameters filled in, query appended. */
function urlOf(target: ApiTarget, op: RestOperation, call: OperationCall): URL {
  const path = op.path.replace(/\{(\w+)\}/g, (_m, name: string) => encodeURIComponent(call.params?.[name] ?? ""));
  const url = apiUrl(target, path);
  for (const [k, v] of Object.entries(call.query ?? {})) url.searchParams.set(k, v);
  return url;
}

/**
 * The tool backend of `gatehouse mcp`: calls the REST API of the deployment
 * at `target.url` with the API key, so the stdio tools behave exactly as the
 * deployment's own `/mcp` (the same operations, scopes, validation and rate
 * limit). REST error bodies come back as failed outcomes; an unreachable
 * deployment or an answer that is not Gatehouse's is a 503 UNAVAILABLE.
 */
export function restToolBackend(target: ApiTarget): ToolBackend {
  let operations: Promise<Map<string, RestOperation>> | undefined;
  const lookup = (signal: AbortSignal) => {
    operations ??= fetchRestOperations(target, signal).catch((err: unknown) => {
      // Not cached: the next call asks again (the deployment may have been starting).
      operations = undefined;
      throw err;
    });
    return operations;
  };
  return {
    async run(call: OperationCall, signal: AbortSignal): Promise<OperationOutcome> {
      let res: Response;
      try {
        const op = (await lookup(signal)).get(call.operationId);
        if (!op) return unavailable(`the deployment at ${target.url} has no operation ${call.operationId}; is it an older Gatehouse?`);
        res = await fetch(urlOf(target, op, call), {
          method: op.method,
          headers: {
            authorization: `Bearer ${target.apiKey}`,
            accept: "application/json",
            ...(call.body === undefined ? {} : { "content-type": "application/json" }),
            ...call.headers,
          },
          body: call.body === undefined ? undefined : JSON.stringify(call.body),
          signal,
        });
      } catch (err) {
        if (signal.aborted) throw err;
        return unavailable(`cannot reach Gatehouse at ${target.url}: ${reasonOf(err)}`);
      }
      const text = await res.text();
      let body: unknown;
      try {
        body = text === "" ? undefined : JSON.parse(text);
      } catch {
        body = undefined;
      }
      if (res.ok && typeof body === "object" && body !== null) return { ok: true, body };
      if (!res.ok && isRestError(body)) return { ok: false, error: body };
      return unavailable(`${target.url} answered HTTP ${res.status} without a Gatehouse body; is GATEHOUSE_URL right?`);
    },
  };
}
