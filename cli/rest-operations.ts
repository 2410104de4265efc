import type { ApiTarget } from "./keys-command.js";

/** A REST operation as the deployment's OpenAPI document describes it. */
export interface RestOperation {
  method: string;
  /** Path template, parameters in braces (`/v1/checkpoints/{id}/wait`). */
  path: string;
}

/** The URL of `path` under the deployment's base URL, keeping a base path prefix (`https://host/gatehouse`). */
export function apiUrl(target: ApiTarget, path: string): URL {
  const base = new URL(target.url);
  return new URL(base.pathname.replace(/\/+$/, "") + path, base);
}

/**
 * Reads the operations of a deployment from its public `GET /openapi.json`,
 * by `operationId`. The gateway generates that document from the same route
 * specs that serve REST and the tools, so `gatehouse mcp` learns each tool's
 * method and path from the deployment it talks to instead of a copy here.
 */
export async function fetchRestOperations(target: ApiTarget, signal?: AbortSignal): Promise<Map<string, RestOperation>> {
  const res = await fetch(apiUrl(target, "/openapi.json"), { headers: { accept: "application/json" }, signal });
  if (!res.ok) throw new Error(`GET /openapi.json answered ${res.status}`);
  const doc = (await res.json()) as { paths?: Record<string, Record<string, { operationId?: string }>> };
  const out = new Map<string, RestOperation>();
  for (const [path, methods] of Object.entries(doc.paths ?? {})) {
    for (const [method, op] of Object.entries(methods)) {
      if (op.operationId) out.set(op.operationId, { method: method.toUpperCase(), path });
    }
  }
  return out;
}
