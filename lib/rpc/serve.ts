import { type ConnectRouter, createContextValues, type Interceptor } from "@connectrpc/connect";
import { connectNodeAdapter } from "@connectrpc/connect-node";
import http2 from "node:http2";
import type { AddressInfo } from "node:net";
import type { Logger } from "../logger.js";
import { accessLogInterceptor } from "./access-log-interceptor.js";
import { authenticateCalls, type CallAuthentication } from "./authenticate-calls.js";
import { PEER_ADDRESS } from "./call-record.js";
import { errorInterceptor } from "./error-interceptor.js";
import { healthRoutes, type ReadinessCheck } from "./health.js";

/** What `serveRpc` needs. */
export interface RpcServerOptions {
  /** Registers the component's services on a router. */
  routes: (router: ConnectRouter) => void;
  /** Fully-qualified names of the services, for the health protocol. */
  serviceNames: readonly string[];
  ready: ReadinessCheck;
  /** The event bus's state, for the health protocol (see `BUS_HEALTH_SERVICE`). */
  busConnected?: () => boolean;
  /** How callers from outside the process are authenticated (see `authenticateCalls`). */
  authentication: CallAuthentication;
  /** Further interceptors, run after authentication (e.g. `storeGate`). */
  interceptors?: Interceptor[];
  host: string;
  port: number;
  logger: Logger;
}

/** A running RPC server. */
export interface RpcServer {
  /** The address the server is bound to (e.g. 127.0.0.1 or ::). */
  host: string;
  port: number;
  /** Stops accepting connections and waits for in-flight calls to end. */
  close(): Promise<void>;
}

/**
 * Serves the routes over plaintext HTTP/2 (h2c) for gRPC, gRPC-Web and
 * Connect clients, together with `grpc.health.v1.Health`. Every call is
 * authenticated (`authenticateCalls`) and logged (`accessLogInterceptor`).
 */
export async function serveRpc(opts: RpcServerOptions): Promise<RpcServer> {
  const handler = connectNodeAdapter({
    routes: (router) => {
      opts.routes(router);
      healthRoutes(opts.serviceNames, opts.ready, { busConnected: opts.busConnected })(router);
    },
    interceptors: [
      accessLogInterceptor(opts.logger),
      errorInterceptor(opts.logger),
      authenticateCalls(opts.authentication),
      ...(opts.interceptors ?? []),
    ],
    contextValues: (req) => createContextValues().set(PEER_ADDRESS, req.socket.remoteAddress ?? ""),
  });
  const server = http2.createServer(handler);
  const sessions = new Set<http2.ServerHttp2Session>();
  server.on("session", (s) => {
    sessions.add(s);
    s.once("close", () => sessions.delete(s));
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(opts.port, opts.host, () => resolve());
  });
  const { address: host, port } = server.address() as AddressInfo;
  opts.logger.info({ host, port }, "rpc server listening");
  return {
    host,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // Ask clients to go away; in-flight streams still finish.
        for (const s of sessions) s.close();
      }),
  };
}
