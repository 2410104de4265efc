import { MAX_BATCH_SIZE } from "@modelcontextprotocol/sdk/server/requestBody.js";
import type { FastifyRequest } from "fastify";

/** What the SDK transport insists on, whatever the client sent (it refuses anything else with 406). */
const SDK_ACCEPT = "application/json, text/event-stream";

/** Request headers the stateless transport reads (it checks the protocol version); the Authorization header stays out of the SDK. */
const FORWARDED_HEADERS = ["mcp-protocol-version", "user-agent"] as const;

/**
 * The Web `Request` handed to the SDK's Streamable HTTP transport for an
 * admitted `POST /mcp`. The body travels separately (already parsed by the
 * gateway). Accept is normalised: the spec lets a bare JSON-RPC client send
 * `Accept: application/json` or none, which the SDK would refuse; the answer
 * format is chosen by `streamsProgress` instead. The URL's origin is fixed
 * because the transport only reports it to handlers (DNS-rebinding checks are
 * off: the route is authenticated by API key, not by origin).
 */
export function sdkRequestOf(request: FastifyRequest): Request {
  const headers = new Headers({ accept: SDK_ACCEPT, "content-type": "application/json" });
  for (const name of FORWARDED_HEADERS) {
    const v = request.headers[name];
    if (typeof v === "string") headers.set(name, v);
  }
  return new Request(new URL(request.url, "http://gatehouse.invalid"), { method: "POST", headers });
}

/** True when the Accept header names `text/event-stream` (a wildcard is not taken as a promise to parse SSE). */
function acceptsEventStream(accept: string | undefined): boolean {
  return (accept ?? "")
    .split(",")
    .map((part) => part.split(";")[0]!.trim().toLowerCase())
    .some((type) => type === "text/event-stream");
}

/** True when a JSON-RPC message (or batch) asks for progress (`params._meta.progressToken`). */
function asksForProgress(body: unknown): boolean {
  const messages = Array.isArray(body) ? body : [body];
  return messages.some((m) => {
    const meta = (m as { params?: { _meta?: { progressToken?: unknown } } } | null)?.params?._meta;
    return meta?.progressToken !== undefined && meta.progressToken !== null;
  });
}

/**
 * Whether to answer as an SSE stream rather than one JSON body. MCP progress
 * notifications can only reach the client on a stream (in JSON mode the SDK
 * drops them), so the stream is used exactly when the client accepts
 * `text/event-stream` and asked for progress; every other request gets a
 * plain JSON response.
 */
export function streamsProgress(request: FastifyRequest): boolean {
  return acceptsEventStream(request.headers.accept) && asksForProgress(request.body);
}

/**
 * How many JSON-RPC requests (not notifications) a body holds: 1 for a
 * single message, the number of requests in a batch, at most the batch size
 * the SDK accepts (a larger batch is refused unread).
 */
export function jsonRpcRequestCount(body: unknown): number {
  if (!Array.isArray(body)) return 1;
  const requests = body.filter((m) => typeof (m as { method?: unknown } | null)?.method === "string" && (m as { id?: unknown }).id !== undefined);
  return Math.min(requests.length, MAX_BATCH_SIZE);
}
