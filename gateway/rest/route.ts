import type { z } from "zod";
import type { Caller } from "../../gen/gatehouse/common/v1/common_pb.js";
import type { ErrorCode } from "../../lib/errors.js";
import type { Scope } from "../../lib/scopes.js";

/** What a handler may set on its answer besides the body. */
export interface ResponseMeta {
  /** Overrides the route's success status (e.g. 202 for a wait that saw no change). */
  status?: number;
  headers: Record<string, string>;
}

/**
 * What a route handler receives: the admitted caller and validated input. It
 * is independent of the transport, so the same operation serves REST and the
 * MCP tools.
 */
export interface RouteContext<B, Q, P> {
  /** The authenticated caller; undefined only on public routes. */
  caller: Caller;
  body: B;
  query: Q;
  params: P;
  /** Request headers, lower-cased names. */
  headers: Record<string, string | undefined>;
  /** Aborted when the client goes away. */
  signal: AbortSignal;
  response: ResponseMeta;
}

/**
 * One REST operation: its admission scope, its zod schemas (which validate the
 * request and also generate `/openapi.json`), and its handler. A handler
 * returns the response body; the status is `status` unless it sets another
 * through `response`.
 */
export interface RouteSpec<B = unknown, Q = unknown, P = unknown> {
  method: "GET" | "POST" | "PATCH" | "PUT" | "DELETE";
  /** Fastify path syntax (`/v1/secure/rules/:id`). */
  url: string;
  operationId: string;
  summary: string;
  tags: string[];
  /** Scope the API key needs; `undefined` makes the route public (no key, no rate limit). */
  scope?: Scope;
  body?: z.ZodType<B>;
  query?: z.ZodType<Q>;
  params?: z.ZodType<P>;
  /** Extra request headers the operation reads, for the OpenAPI document. */
  headers?: { name: string; description: string }[];
  /** Success status and response schema. */
  status: number;
  response?: z.ZodType;
  /** A second success status with the same body, and when it is given (a long-poll's 202). */
  alternateStatus?: { status: number; description: string };
  /**
   * A long-poll: it holds its request while it waits, so it does not count
   * against the per-key concurrency (a waiting agent does no work).
   */
  longPoll?: boolean;
  /**
   * A Server-Sent Events stream: the handler resolves the events to send as
   * an async iterable (see `sendEventStream`). Like a long-poll it does not
   * count against the per-key concurrency; it is not an MCP tool.
   */
  eventStream?: boolean;
  /** A success carries `ETag: "<version>"` of the resource. */
  etag?: boolean;
  /** Other headers a success carries, for the OpenAPI document. */
  responseHeaders?: { name: string; description: string }[];
  /**
   * Error codes the operation answers beyond those its shape implies: a body,
   * parameters, a scope, `Idempotency-Key` and `If-Match` bring their own
   * (see `buildOpenApi`).
   */
  errors?: readonly ErrorCode[];
  handler(ctx: RouteContext<B, Q, P>): Promise<unknown>;
}

/** One message of a Server-Sent Events stream; a message with only `comment` keeps the connection alive. */
export interface ServerSentEvent {
  id?: string;
  event?: string;
  /** One line of JSON (no line breaks). */
  data?: string;
  /** Milliseconds a client waits before it reconnects. */
  retry?: number;
  comment?: string;
}

/** Declares a route with its types inferred from its schemas. */
export function route<B = undefined, Q = undefined, P = undefined>(spec: RouteSpec<B, Q, P>): RouteSpec {
  return spec as unknown as RouteSpec;
}
