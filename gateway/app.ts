import Fastify, { type FastifyBaseLogger, type FastifyReply, type FastifyRequest } from "fastify";
import type { Caller } from "../gen/gatehouse/common/v1/common_pb.js";
import { GatehouseError, ValidationError } from "../lib/errors.js";
import type { Logger } from "../lib/logger.js";
import { runInRequestContext } from "../lib/rpc/request-context.js";
import { sha256 } from "../lib/sha256.js";
import { settle } from "../lib/settle.js";
import { admit } from "./admission.js";
import type { GatewayClients } from "./clients.js";
import { errorHeaders, type RestError, restError, restErrorOf } from "./errors.js";
import { defaultConsoleDir } from "./console/console-assets.js";
import { registerConsole } from "./console/register-console.js";
import { registerDocsPage } from "./docs-page.js";
import { registerMetrics } from "./metrics.js";
import { hangUpController, OperationContext } from "./operation-context.js";
import { PerKeyConcurrency } from "./per-key-concurrency.js";
import { requestIdGenerator } from "./request-id.js";
import { sendEventStream } from "./rest/event-stream.js";
import { buildOpenApi } from "./rest/openapi.js";
import type { ResponseMeta, RouteSpec, ServerSentEvent } from "./rest/route.js";
import { agentRoutes } from "./rest/routes/agents.js";
import { checkpointEventRoutes } from "./rest/routes/checkpoint-events.js";
import { checkpointReviewRoutes } from "./rest/routes/checkpoint-review.js";
import { checkpointRoutes } from "./rest/routes/checkpoints.js";
import { decisionTokenRoutes } from "./rest/routes/decision-tokens.js";
import { keyRoutes } from "./rest/routes/keys.js";
import { libraryRoutes } from "./rest/routes/libraries.js";
import { policyRoutes } from "./rest/routes/policies.js";
import { publicRoutes } from "./rest/routes/public.js";
import { ruleRoutes } from "./rest/routes/rules.js";
import { scanRoutes } from "./rest/routes/scan.js";
import { webhookRoutes } from "./rest/routes/webhooks.js";
import { auditRoutes } from "./rest/routes/audit.js";
import { workspaceRoutes } from "./rest/routes/workspaces.js";
import { parseWith } from "./rest/validation.js";
import { registerMcpRoute } from "./tools/mcp-route.js";

/** Longest path parameter the router matches; longer ones are refused before routing. */
const MAX_PATH_PARAM_LENGTH = 512;

/** Largest accepted request body (DESIGN §2: over 1 MiB is a 413). */
export const BODY_LIMIT_BYTES = 1024 * 1024;

/** What the gateway needs; it holds no state of its own. */
export interface GatewayOptions {
  clients: GatewayClients;
  logger: Logger;
  /** Addresses/CIDRs of proxies whose X-Forwarded-For is trusted for the client IP. */
  trustedProxies?: string[];
  version: string;
  /** Requests of one credential worked on at once (see PerKeyConcurrency); default 8. */
  perKeyConcurrency?: number;
  /** Directory of the console build served at /console; default: `dist/console` of this installation. */
  consoleDir?: string;
}

declare module "fastify" {
  interface FastifyRequest {
    caller?: Caller;
  }
}

const ALL_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;

function sendError(reply: FastifyReply, e: RestError): FastifyReply {
  return reply.code(e.body.statusCode).headers(errorHeaders(e)).type("application/json; charset=utf-8").send(e.body);
}

/** Request headers with one value each (the first of a repeated header). */
function singleValued(headers: Record<string, string | string[] | undefined>): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  for (const [k, v] of Object.entries(headers)) out[k] = Array.isArray(v) ? v[0] : v;
  return out;
}

/**
 * Whose turn a request waits for: its credential (hashed, so no secret is
 * kept as a map key), or its address when it brings none.
 */
function credentialOf(request: FastifyRequest): string {
  const auth = request.headers.authorization;
  return auth ? sha256(auth, "base64url") : `ip:${request.ip}`;
}

/** Waits for the request's turn and gives it back when the response closes, however it ends. */
async function takeTurn(perKey: PerKeyConcurrency, key: string, reply: FastifyReply): Promise<void> {
  const turn = perKey.acquire(key);
  const state: { release?: () => void; closed: boolean } = { closed: false };
  // Listening before the wait: a client that hangs up while queued still gives its turn back.
  reply.raw.once("close", () => {
    state.closed = true;
    state.release?.();
  });
  state.release = await turn;
  if (state.closed) state.release();
}

/** Operations without a body accept none, or an empty object. */
function refuseBody(body: unknown): void {
  if (body === undefined || (typeof body === "object" && body !== null && !Array.isArray(body) && Object.keys(body).length === 0)) return;
  const field = typeof body === "object" && body !== null && !Array.isArray(body) ? Object.keys(body)[0]! : "body";
  throw new ValidationError(field, field === "body" ? "this operation takes no request body" : "unknown field");
}

/** Every REST route of the gateway. */
export function gatewayRoutes(clients: GatewayClients): RouteSpec[] {
  const deps = { clients };
  return [
    ...publicRoutes(deps),
    ...workspaceRoutes(deps),
    ...keyRoutes(deps),
    ...ruleRoutes(deps),
    ...libraryRoutes(deps),
    ...scanRoutes(deps),
    ...checkpointEventRoutes(deps),
    ...checkpointRoutes(deps),
    ...checkpointReviewRoutes(deps),
    ...policyRoutes(deps),
    ...agentRoutes(deps),
    ...decisionTokenRoutes(deps),
    ...webhookRoutes(deps),
    ...auditRoutes(deps),
  ];
}

/**
 * Builds the REST gateway: admission through the auth service on every keyed
 * route (before the body is read), zod validation, the services' RPCs, and the
 * DESIGN error shape for every failure, framework ones included.
 */
export async function buildGateway(opts: GatewayOptions) {
  const app = Fastify({
    loggerInstance: opts.logger as FastifyBaseLogger,
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: opts.trustedProxies && opts.trustedProxies.length > 0 ? opts.trustedProxies : false,
    requestIdHeader: false,
    genReqId: requestIdGenerator(opts.trustedProxies ?? []),
    return503OnClosing: true,
    // Longer than any valid id (their schemas say how long), so an id too long is a validation error naming it.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: MAX_PATH_PARAM_LENGTH },
    // URLs the router cannot take apart answer in the error shape too.
    frameworkErrors: (err, _request, reply) => {
      const tooLong = err.code === "FST_ERR_MAX_PARAM_LENGTH";
      return sendError(
        reply,
        restError("VALIDATION_ERROR", tooLong ? `a path parameter is longer than ${MAX_PATH_PARAM_LENGTH} characters` : "the URL is not valid (bad percent-encoding)"),
      );
    },
  });

  // One JSON parser for every route: an empty body is "no body" (so POSTs
  // without one work), anything else must be valid JSON.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(/^application\/([\w.+-]+\+)?json$/, { parseAs: "string" }, (_req, body, done) => {
    const text = (body as string).trim();
    if (text === "") return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      done(new GatehouseError("INVALID_JSON", "request body is not valid JSON"), undefined);
    }
  });

  app.setErrorHandler((err, request, reply) => sendError(reply, restErrorOf(err, request.log)));
  app.setNotFoundHandler((request, reply) =>
    sendError(reply, restError("NOT_FOUND", `no route for ${request.method} ${request.url.split("?")[0]}`)),
  );
  // Everything the request runs — admission, handler, service calls — sees its id.
  app.addHook("onRequest", (request, _reply, done) => runInRequestContext({ requestId: request.id }, done));
  app.addHook("onSend", async (request, reply) => {
    reply.header("X-Request-Id", request.id);
  });

  const specs = gatewayRoutes(opts.clients);
  const perKey = new PerKeyConcurrency(opts.perKeyConcurrency ?? 8);
  // Event streams stay open until closed: shutting down closes them first.
  const streams = new Set<AbortController>();
  app.addHook("preClose", (done) => {
    for (const s of streams) s.abort();
    done();
  });
  const methodsByUrl = new Map<string, Set<string>>();
  for (const spec of specs) {
    (methodsByUrl.get(spec.url) ?? methodsByUrl.set(spec.url, new Set()).get(spec.url)!).add(spec.method);
    app.route({
      method: spec.method,
      url: spec.url,
      // Admission runs before the body is read: an unauthenticated client gets 401, not 400.
      onRequest: spec.scope
        ? async (request, reply) => {
            // Its turn first: a key's queue must not hold up the admission of others.
            if (!spec.longPoll && !spec.eventStream) await takeTurn(perKey, credentialOf(request), reply);
            request.caller = await admit(opts.clients.auth, request, reply, spec.scope!);
          }
        : undefined,
      // A promise chain rather than an async function: a held long-poll keeps no suspended frame here.
      handler: (request, reply) => {
        const response: ResponseMeta = { headers: {} };
        // Not an async function: a long-poll, held by the thousand, keeps one promise fewer.
        const run = (): Promise<unknown> =>
          settle(() => {
            if (!spec.body) refuseBody(request.body);
            return spec.handler(
              new OperationContext(
                request.caller!,
                spec.body ? parseWith(spec.body, request.body) : undefined,
                spec.query ? parseWith(spec.query, request.query, "query") : undefined,
                spec.params ? parseWith(spec.params, request.params) : undefined,
                singleValued(request.headers),
                response,
                reply.raw,
              ),
            );
          });
        if (spec.eventStream) {
          return run().then(async (result) => {
            const abort = hangUpController(reply.raw);
            streams.add(abort);
            try {
              const headers = { ...response.headers, ...(reply.getHeaders() as Record<string, string>), "x-request-id": request.id };
              await sendEventStream(reply, result as AsyncIterable<ServerSentEvent>, headers, (err) =>
                request.log.warn({ err }, "event stream ended by a failure"),
              );
            } finally {
              streams.delete(abort);
              abort.abort();
            }
            return reply;
          });
        }
        return run().then((result) => {
          reply.code(response.status ?? spec.status).headers(response.headers);
          // An operation without a body (a 204) sends none.
          if (result === undefined) return reply.send();
          return result;
        });
      },
    });
  }
  for (const [url, methods] of methodsByUrl) {
    const allow = [...methods, ...(methods.has("GET") ? ["HEAD"] : [])].join(", ");
    const others = ALL_METHODS.filter((m) => !methods.has(m));
    if (others.length === 0) continue;
    app.route({
      method: others,
      url,
      handler: async (request, reply) => {
        reply.header("Allow", allow);
        return sendError(reply, restError("METHOD_NOT_ALLOWED", `${request.method} is not allowed on ${url.replace(/:(\w+)/g, "{$1}")}; allowed: ${allow}`));
      },
    });
  }

  registerMcpRoute(app, { auth: opts.clients.auth, specs });
  registerMetrics(app);
  registerDocsPage(app);
  registerConsole(app, { dir: opts.consoleDir ?? defaultConsoleDir(), logger: opts.logger });
  let openApi: unknown;
  app.get("/openapi.json", async () => (openApi ??= buildOpenApi(specs, opts.version)));
  return app;
}

/** A built gateway (a Fastify instance). */
export type Gateway = Awaited<ReturnType<typeof buildGateway>>;
