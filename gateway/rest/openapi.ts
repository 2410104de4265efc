import { z } from "zod";
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
  return toComponents(rest);
}

/** `/v1/secure/rules/:id` → `/v1/secure/rules/{id}`. */
function openApiPath(url: string): string {
  return url.replace(/:([A-Za-z_]+)/g, "{$1}");
}

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

/**
 * Builds the OpenAPI 3.1 document of the REST API from the same route specs
 * and zod schemas that validate requests, so the two cannot drift apart.
 */
export function buildOpenApi(specs: readonly RouteSpec[], version: string): JsonSchema {
  const errorRef = { $ref: "#/components/schemas/Error" };
  const errorResponse = (description: string) => ({ description, content: { "application/json": { schema: errorRef } } });
  const paths: Record<string, Record<string, JsonSchema>> = {};
  const components: Record<string, JsonSchema> = {};
  for (const spec of specs) {
    const responses: Record<string, JsonSchema> = {
      [String(spec.status)]: {
        description: "Success",
        ...(spec.response ? { content: { "application/json": { schema: schemaOf(spec.response, "output", components) } } } : {}),
      },
    };
    if (spec.body || spec.params || spec.query) responses["400"] = errorResponse("Invalid request (VALIDATION_ERROR, INVALID_JSON)");
    if (spec.scope) {
      responses["401"] = errorResponse("Missing, malformed or revoked key, or disallowed client IP (UNAUTHORIZED)");
      responses["403"] = errorResponse(`The key lacks the scope ${spec.scope} (FORBIDDEN)`);
      responses["429"] = errorResponse("Rate limit exceeded (RATE_LIMITED); see Retry-After");
    }
    if (spec.params) responses["404"] = errorResponse("Not found in this workspace (NOT_FOUND)");
    responses["500"] = errorResponse("Unexpected error (INTERNAL)");
    const op: JsonSchema = {
      operationId: spec.operationId,
      summary: spec.summary,
      tags: spec.tags,
      parameters: parameters(spec, components),
      responses,
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
    },
    servers: [{ url: "/" }],
    paths,
    components: {
      securitySchemes: { bearer: { type: "http", scheme: "bearer", description: "Authorization: Bearer <API key>" } },
      schemas: { ...components, Error: schemaOf(ErrorBody, "output", components) },
    },
    "x-error-codes": HTTP_STATUS_OF,
  };
}
