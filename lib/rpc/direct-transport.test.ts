import { Code, ConnectError, createClient, createContextKey, createContextValues, type ConnectRouter, type HandlerContext, type Interceptor } from "@connectrpc/connect";
import { describe, expect, it } from "vitest";
import { Health, HealthCheckResponse_ServingStatus as ServingStatus, type HealthCheckRequest } from "../../gen/grpc/health/v1/health_pb.js";
import { RPC_PATHS, transportOver } from "../../test/support/rpc-paths.js";
import { rpcError } from "../../test/support/rpc-error.js";
import { NotFoundError, ValidationError } from "../errors.js";
import { silentLogger } from "../logger.js";
import { createRpcClient } from "./create-rpc-client.js";
import { createDirectTransport } from "./direct-transport.js";

// A Health service whose Check does what the requested service name says.
function routes(seen: { ctx?: HandlerContext; request?: HealthCheckRequest } = {}) {
  return (router: ConnectRouter) => {
    router.service(Health, {
      async check(req, ctx) {
        seen.ctx = ctx;
        seen.request = req;
        ctx.responseHeader.set("x-answered-by", "check");
        switch (req.service) {
          case "invalid":
            throw new ValidationError("service", "must be known");
          case "missing":
            throw new NotFoundError("service", "missing");
          case "bug":
            throw new TypeError("secret internals");
          case "hang":
            await new Promise((resolve) => ctx.signal.addEventListener("abort", resolve));
            return { status: ServingStatus.UNKNOWN };
          default:
            return { status: ServingStatus.SERVING };
        }
      },
      async *watch(req) {
        yield { status: ServingStatus.SERVING };
        yield { status: req.service === "flip" ? ServingStatus.NOT_SERVING : ServingStatus.SERVING };
      },
    });
  };
}

// Connect's own client and Gatehouse's (promise chains instead of async functions) must behave alike over either path.
const CLIENTS = { "Connect's createClient": createClient, createRpcClient } as const;
const COMBINATIONS = RPC_PATHS.flatMap((path) => Object.keys(CLIENTS).map((name) => [path, name] as [typeof path, keyof typeof CLIENTS]));

describe.each(COMBINATIONS)("a service reached via %s with %s", (path, clientName) => {
  const client = () => CLIENTS[clientName](Health, transportOver(path, routes()));

  it("answers with the implementation's message", async () => {
    expect((await client().check({ service: "ok" })).status).toBe(ServingStatus.SERVING);
  });

  it("maps domain errors to their Connect code and stable code", async () => {
    expect(await rpcError(client().check({ service: "invalid" }))).toMatchObject({
      connect: Code.InvalidArgument,
      code: "VALIDATION_ERROR",
      field: "service",
    });
    expect(await rpcError(client().check({ service: "missing" }))).toMatchObject({ connect: Code.NotFound, code: "NOT_FOUND" });
  });

  it("hides unexpected errors behind INTERNAL", async () => {
    const failure = await rpcError(client().check({ service: "bug" }));
    expect(failure.connect).toBe(Code.Internal);
    expect(failure.message).not.toContain("secret");
  });

  it("ends a call at its deadline with DEADLINE_EXCEEDED", async () => {
    expect((await rpcError(client().check({ service: "hang" }, { timeoutMs: 30 }))).connect).toBe(Code.DeadlineExceeded);
  });

  it("ends a call its caller aborts with CANCELED", async () => {
    const abort = new AbortController();
    const call = client().check({ service: "hang" }, { signal: abort.signal });
    setTimeout(() => abort.abort(), 20);
    expect((await rpcError(call)).connect).toBe(Code.Canceled);
  });

  it("reports the response headers and trailers to the caller's callbacks", async () => {
    let answeredBy: string | null = null;
    let trailer: Headers | undefined;
    await client().check({ service: "ok" }, { onHeader: (h) => (answeredBy = h.get("x-answered-by")), onTrailer: (t) => (trailer = t) });
    expect(answeredBy).toBe("check");
    expect(trailer).toBeInstanceOf(Headers);
  });

  it("answers CANCELED at once for a call whose signal was aborted before it began", async () => {
    const abort = new AbortController();
    abort.abort();
    // The implementation still runs and fails; that failure must not surface as an unhandled rejection.
    expect((await rpcError(client().check({ service: "bug" }, { signal: abort.signal }))).connect).toBe(Code.Canceled);
    await new Promise((resolve) => setTimeout(resolve, 10));
  });

  it("streams a server-streaming method's messages", async () => {
    const statuses: ServingStatus[] = [];
    for await (const res of client().watch({ service: "flip" })) statuses.push(res.status);
    expect(statuses).toEqual([ServingStatus.SERVING, ServingStatus.NOT_SERVING]);
  });
});

describe("createDirectTransport", () => {
  it("hands the implementation the request and the caller's headers, and the caller the response headers", async () => {
    const seen: { ctx?: HandlerContext; request?: HealthCheckRequest } = {};
    const client = createClient(Health, createDirectTransport(routes(seen)));
    let answeredBy: string | null = null;
    const res = await client.check({ service: "ok" }, { headers: { "x-request-id": "req-1" }, onHeader: (h) => (answeredBy = h.get("x-answered-by")) });
    expect(res.status).toBe(ServingStatus.SERVING);
    expect(seen.request?.service).toBe("ok");
    expect(seen.ctx?.requestHeader.get("x-request-id")).toBe("req-1");
    expect(seen.ctx?.protocolName).toBe("direct");
    expect(answeredBy).toBe("check");
  });

  it("runs server interceptors around the call, the first outermost", async () => {
    const order: string[] = [];
    const tag =
      (name: string): Interceptor =>
      (next) =>
      async (req) => {
        order.push(`${name}>`);
        const res = await next(req);
        order.push(`<${name}`);
        return res;
      };
    const client = createClient(Health, createDirectTransport(routes(), { interceptors: [tag("outer"), tag("inner")] }));
    await client.check({ service: "ok" });
    expect(order).toEqual(["outer>", "inner>", "<inner", "<outer"]);
  });

  it("keeps the call's context for an interceptor that passes on a copy of the request", async () => {
    const seen: { ctx?: HandlerContext } = {};
    const copying: Interceptor = (next) => (req) => next({ ...req });
    const key = createContextKey("none", { description: "probe" });
    const values = createContextValues().set(key, "from the caller");
    const client = createRpcClient(Health, createDirectTransport(routes(seen), { interceptors: [copying] }));
    for (let i = 0; i < 2; i++) expect((await client.check({ service: "ok" }, { contextValues: values })).status).toBe(ServingStatus.SERVING);
    expect(seen.ctx?.values.get(key)).toBe("from the caller");
  });

  it("answers UNIMPLEMENTED for a method nobody registered", async () => {
    const client = createClient(Health, createDirectTransport(() => undefined));
    const err = await client.check({}).catch((e: unknown) => ConnectError.from(e));
    expect(err).toBeInstanceOf(ConnectError);
    expect((err as ConnectError).code).toBe(Code.Unimplemented);
  });

  it("gives a call without a deadline no timeout", async () => {
    const seen: { ctx?: HandlerContext } = {};
    await createClient(Health, transportOver("direct", routes(seen), silentLogger())).check({ service: "ok" });
    expect(seen.ctx?.timeoutMs()).toBeUndefined();
    expect(seen.ctx?.signal.aborted).toBe(false);
  });
});
