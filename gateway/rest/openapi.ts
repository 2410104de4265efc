import { z } from "zod";
import type { ErrorCode } from "../../lib/errors.js";
import { HTTP_STATUS_OF } from "../errors.js";
import type { RouteSpec } from "./route.js";
import { ErrorBody } from "./schemas/common.js";

type JsonSchema = Record<string, unknown>;

/**
 * JSON Schema of a zod schema. Schemas named with `.meta({ id })` are hoisted
 * into `components` (and referenced from there), so each appears once.
 */
function schemaOf(s: z.ZodType, io: "input" | "output", components: Record<string, JsonSchema>): JsonSchema {
  const { $schema: _ignored, $defs, ...rest } = z.toJSONSchema(s, { io, unrepresentable: "any", target: "draft-2020-12" }) as JsonSchema;
  const toComponents = (v: unknown) => JSON.parse(JSON.stringify(v).replaceAll('"#/$defs/', '"#/components/schemas/')) as JsonSchema;
  for (const [name, def] of Object.entries(($defs ?? {}) as Record<string, unknown>)) components[name] ??= toComponents(def);
  // A schema that is itself named comes back as its definition plus a reference to it.
  const id = (s.meta() as { id?: string } | undefined)?.id;
  if (id !== undefined && !("$ref" in rest)) {
    components[id] ??= toComponents(rest);
    return { $ref: `#/components/schemas/${id}` };
  }
  return toComponents(rest);
}

/** `/v1/secure/rules/:id` → `/v1/secure/rules/{id}`. */
function openApiPath(url: string): string {
  return url.replace(/:([A-Za-z_]+)/g, "{$1}");
}

const ref = (name: string) => ({ $ref: `#/components/headers/${name}` });

// Response headers, described once and referenced by every response that carries them.
const HEADERS: Record<string, JsonSchema> = {
  XRequestId: {
    description: "Correlates the response with the server's logs: the id a trusted proxy sent, else a random one.",
    schema: { type: "string" },
  },
  RateLimit: {
    description: 'Remaining quota of the key (or client address): `"<policy>";r=<remaining>;t=<seconds until it recovers>`.',
    schema: { type: "string" },
  },
  RateLimitPolicy: {
    description: 'The quota applied: `"<policy>";q=<requests>;w=<window seconds>`.',
    schema: { type: "string" },
  },
  RetryAfter: { description: "Seconds to wait before retrying.", schema: { type: "integer", minimum: 1 } },
  WwwAuthenticate: { description: "`Bearer` challenge of a refused key.", schema: { type: "string" } },
  IdempotentReplayed: {
    description: "`true` when the answer replays the one stored for this Idempotency-Key.",
    schema: { type: "string", enum: ["true"] },
  },
  ETag: { description: 'The resource\'s version, e.g. `"3"`; send it back in If-Match to update.', schema: { type: "string" } },
};

const STATUS_TEXT: Record<number, string> = {
  400: "Invalid request",
  401: "No valid key for this request",
  403: "Not allowed",
  404: "Not found in this workspace",
  409: "Conflict with the resource's state",
  412: "The resource is not at the If-Match version",
  413: "Request body over the size limit",
  415: "Request body is not JSON",
  422: "Idempotency-Key reused with a different body",
  429: "Too many requests",
  500: "Unexpected error",
  503: "A backend (store or service) is unavailable",
};

/** Every error code an operation can answer, from its shape and its declared extras. */
function errorCodesOf(spec: RouteSpec): Set<ErrorCode> {
  const codes = new Set<ErrorCode>(spec.errors ?? []);
  const headerNames = new Set((spec.headers ?? []).map((h) => h.name));
  if (spec.body) ["VALIDATION_ERROR", "INVALID_JSON", "PAYLOAD_TOO_LARGE", "UNSUPPORTED_MEDIA_TYPE"].forEach((c) => codes.add(c as ErrorCode));
  if (spec.params || spec.query || headerNames.size > 0) codes.add("VALIDATION_ERROR");
  if (spec.scope) ["UNAUTHORIZED", "FORBIDDEN", "RATE_LIMITED"].forEach((c) => codes.add(c as ErrorCode));
  if (spec.params) codes.add("NOT_FOUND");
  if (headerNames.has("Idempotency-Key")) ["IDEMPOTENCY_IN_PROGRESS", "IDEMPOTENCY_KEY_REUSED"].forEach((c) => codes.add(c as ErrorCode));
  if (headerNames.has("If-Match")) codes.add("VERSION_MISMATCH");
  codes.add("INTERNAL");
  codes.add("UNAVAILABLE");
  return codes;
}

const RETRYABLE: ReadonlySet<ErrorCode> = new Set<ErrorCode>(["RATE_LIMITED", "POLL_TOO_FREQUENT", "IDEMPOTENCY_IN_PROGRESS", "UNAVAILABLE"]);

function parameters(spec: RouteSpec, components: Record<string, JsonSchema>): JsonSchema[] {
  const out: JsonSchema[] = [];
  const add = (where: "path" | "query", s: z.ZodType | undefined) => {
    if (!s) return;
    const js = schemaOf(s, "input", components) as { properties?: Record<string, JsonSchema>; required?: string[] };
    for (const [name, schema] of Object.entries(js.properties ?? {})) {
      out.push({ name, in: where, required: where === "path" || (js.required ?? []).includes(name), schema });
    }
  };
  add("path", spec.params);
  add("query", spec.query);
  for (const h of spec.headers ?? []) out.push({ name: h.name, in: "header", required: false, description: h.description, schema: { type: "string" } });
  return out;
}

/** The responses of one operation: its successes and every error status it can give, each with its headers. */
function responsesOf(spec: RouteSpec, components: Record<string, JsonSchema>): Record<string, JsonSchema> {
  const idempotent = (spec.headers ?? []).some((h) => h.name === "Idempotency-Key");
  // Admission sets the RateLimit fields on every answer of a scoped route.
  const common: Record<string, JsonSchema> = { "X-Request-Id": ref("XRequestId") };
  if (spec.scope) Object.assign(common, { RateLimit: ref("RateLimit"), "RateLimit-Policy": ref("RateLimitPolicy") });

  const successHeaders: Record<string, JsonSchema> = { ...common };
  if (spec.etag) successHeaders.ETag = ref("ETag");
  if (idempotent) successHeaders["Idempotent-Replayed"] = ref("IdempotentReplayed");
  for (const h of spec.responseHeaders ?? []) successHeaders[h.name] = { description: h.description, schema: { type: "string" } };
  const content = spec.eventStream
    ? { content: { "text/event-stream": { schema: { type: "string", description: "Server-Sent Events: `id`, `event` (the type) and `data` ({type, timestamp, data: {checkpoint, revision}}) per event; `: heartbeat` comments" } } } }
    : spec.response
      ? { content: { "application/json": { schema: schemaOf(spec.response, "output", components) } } }
      : {};
  const responses: Record<string, JsonSchema> = {
    [String(spec.status)]: { description: spec.summary, headers: successHeaders, ...content },
  };
  if (spec.alternateStatus) {
    responses[String(spec.alternateStatus.status)] = { description: spec.alternateStatus.description, headers: successHeaders, ...content };
  }

  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of errorCodesOf(spec)) {
    const status = HTTP_STATUS_OF[code];
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  for (const [status, codes] of [...byStatus].sort(([a], [b]) => a - b)) {
    const headers: Record<string, JsonSchema> = { ...common };
    if (codes.some((c) => RETRYABLE.has(c))) headers["Retry-After"] = ref("RetryAfter");
    if (status === 401) headers["WWW-Authenticate"] = ref("WwwAuthenticate");
    // A stored error answer is replayed like a success.
    if (idempotent && status >= 400 && status < 500) headers["Idempotent-Replayed"] = ref("IdempotentReplayed");
    responses[String(status)] = {
      description: `${STATUS_TEXT[status] ?? "Error"}: ${codes.sort().join(", ")}`,
      headers,
      content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
    };
  }
  return responses;
}

/** The endpoints that are not REST operations of the route table: MCP, metrics and the docs. */
function otherPaths(): Record<string, Record<string, JsonSchema>> {
  const error = (description: string, extra: Record<string, JsonSchema> = {}) => ({
    description,
    headers: { "X-Request-Id": ref("XRequestId"), ...extra },
    content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
  });
  const rateHeaders = { RateLimit: ref("RateLimit"), "RateLimit-Policy": ref("RateLimitPolicy") };
  return {
    "/mcp": {
      post: {
        operationId: "mcp",
        summary: "MCP tool server (Streamable HTTP, stateless): JSON-RPC 2.0 requests for initialize, tools/list and tools/call",
        description:
          "Each tool needs the scope of the REST operation it runs; a tool error is a JSON-RPC result with `isError: true`. " +
          "Answers JSON, or an SSE stream when the client accepts `text/event-stream` and asks for progress. " +
          "A batch counts once per request against the key's rate limit. Other methods answer 405.",
        tags: ["mcp"],
        security: [{ bearer: [] }],
        requestBody: {
          required: true,
          content: { "application/json": { schema: { $ref: "#/components/schemas/JsonRpcMessage" } } },
        },
        responses: {
          "200": {
            description: "JSON-RPC response(s)",
            headers: { "X-Request-Id": ref("XRequestId"), ...rateHeaders },
            content: {
              "application/json": { schema: { $ref: "#/components/schemas/JsonRpcMessage" } },
              "text/event-stream": { schema: { type: "string", description: "Server-sent events, each carrying one JSON-RPC message." } },
            },
          },
          "202": { description: "Notifications only: accepted, nothing to answer", headers: { "X-Request-Id": ref("XRequestId"), ...rateHeaders } },
          "400": error("Not a JSON-RPC message (VALIDATION_ERROR, INVALID_JSON)", rateHeaders),
          "401": error("No valid key (UNAUTHORIZED)", { ...rateHeaders, "WWW-Authenticate": ref("WwwAuthenticate") }),
          "413": error("Request body over the size limit (PAYLOAD_TOO_LARGE)"),
          "415": error("Request body is not JSON (UNSUPPORTED_MEDIA_TYPE)"),
          "429": error("Too many requests (RATE_LIMITED)", { ...rateHeaders, "Retry-After": ref("RetryAfter") }),
          "500": error("Unexpected error (INTERNAL)"),
          "503": error("A backend is unavailable (UNAVAILABLE)", { "Retry-After": ref("RetryAfter") }),
        },
      },
    },
    "/metrics": {
      get: {
        operationId: "metrics",
        summary: "Prometheus metrics of the gateway: request counts and durations by route and status, process metrics",
        tags: ["operations"],
        security: [],
        responses: {
          "200": {
            description: "Prometheus text exposition format",
            headers: { "X-Request-Id": ref("XRequestId") },
            content: { "text/plain": { schema: { type: "string" } } },
          },
        },
      },
    },
    "/openapi.json": {
      get: {
        operationId: "openApi",
        summary: "This document",
        tags: ["operations"],
        security: [],
        responses: {
          "200": { description: "OpenAPI 3.1 document", headers: { "X-Request-Id": ref("XRequestId") }, content: { "application/json": { schema: { type: "object" } } } },
        },
      },
    },
    "/docs": {
      get: {
        operationId: "docs",
        summary: "API reference rendered from this document (all assets served by the gateway)",
        tags: ["operations"],
        security: [],
        responses: {
          "200": { description: "HTML page", headers: { "X-Request-Id": ref("XRequestId") }, content: { "text/html": { schema: { type: "string" } } } },
        },
      },
    },
  };
}

/** The JSON-RPC 2.0 envelope `/mcp` exchanges (a single message or a batch). */
const JSON_RPC_MESSAGE: JsonSchema = {
  description: "A JSON-RPC 2.0 message, or a batch (array) of them",
  oneOf: [
    { $ref: "#/components/schemas/JsonRpcSingle" },
    { type: "array", minItems: 1, items: { $ref: "#/components/schemas/JsonRpcSingle" } },
  ],
};
const JSON_RPC_SINGLE: JsonSchema = {
  type: "object",
  required: ["jsonrpc"],
  properties: {
    jsonrpc: { const: "2.0" },
    id: { oneOf: [{ type: "string" }, { type: "integer" }] },
    method: { type: "string" },
    params: { type: "object" },
    result: {},
    error: {
      type: "object",
      required: ["code", "message"],
      properties: { code: { type: "integer" }, message: { type: "string" }, data: {} },
    },
  },
};

/**
 * Builds the OpenAPI 3.1 document of the REST API from the same route specs
 * and zod schemas that validate requests, so the two cannot drift apart:
 * every operation lists each status it can answer (the error statuses
 * derived from its shape and declared error codes) with the headers each
 * carries, and the error body is described once, as `Error`.
 */
export function buildOpenApi(specs: readonly RouteSpec[], version: string): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  const components: Record<string, JsonSchema> = {};
  schemaOf(ErrorBody, "output", components);
  for (const spec of specs) {
    const op: JsonSchema = {
      operationId: spec.operationId,
      summary: spec.summary,
      tags: spec.tags,
      parameters: parameters(spec, components),
      responses: responsesOf(spec, components),
      ...(spec.scope ? { security: [{ bearer: [spec.scope] }], "x-required-scope": spec.scope } : { security: [] }),
    };
    if (spec.body) {
      op.requestBody = { required: true, content: { "application/json": { schema: schemaOf(spec.body, "input", components) } } };
    }
    (paths[openApiPath(spec.url)] ??= {})[spec.method.toLowerCase()] = op;
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Gatehouse",
      version,
      description: "Approval checkpoints and content-safety rules for AI agents.",
      license: { name: "Apache-2.0", identifier: "Apache-2.0" },
    },
    servers: [{ url: "/" }],
    tags: [
      { name: "checkpoints", description: "Ask before acting; wait for and record decisions" },
      { name: "policies", description: "What decides a checkpoint" },
      { name: "agents", description: "Registered agents" },
      { name: "webhooks", description: "Checkpoint events POSTed to your endpoints, signed per Standard Webhooks" },
      { name: "rules", description: "Content-safety rules" },
      { name: "scan", description: "Content scans" },
      { name: "keys", description: "API keys and workspaces" },
      { name: "decision tokens", description: "Verifying decisions" },
      { name: "audit", description: "The tamper-evident audit trail of security-relevant changes" },
      { name: "mcp", description: "The MCP tool server" },
      { name: "operations", description: "Health, readiness, metrics and this document" },
    ],
    paths: { ...paths, ...otherPaths() },
    components: {
      securitySchemes: { bearer: { type: "http", scheme: "bearer", description: "Authorization: Bearer <API key>" } },
      headers: HEADERS,
      schemas: { ...components, JsonRpcMessage: JSON_RPC_MESSAGE, JsonRpcSingle: JSON_RPC_SINGLE },
    },
    "x-error-codes": HTTP_STATUS_OF,
  };
}
