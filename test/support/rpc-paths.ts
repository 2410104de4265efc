import { type ConnectRouter, createRouterTransport, type Transport } from "@connectrpc/connect";
import { silentLogger, type Logger } from "../../lib/logger.js";
import { createDirectTransport } from "../../lib/rpc/direct-transport.js";
import { errorInterceptor } from "../../lib/rpc/error-interceptor.js";

/**
 * How a test reaches a service: `connect` through the Connect protocol in
 * memory (requests serialized as between processes), `direct` through plain
 * function calls (as inside `gatehouse serve`).
 */
export type RpcPath = "connect" | "direct";

/** Both paths: RPC suites run once over each, so the two cannot drift apart. */
export const RPC_PATHS: readonly RpcPath[] = ["connect", "direct"];

/** A transport to the service `routes` registers, over `path`, with the servers' error mapping. */
export function transportOver(path: RpcPath, routes: (router: ConnectRouter) => void, logger: Logger = silentLogger()): Transport {
  const interceptors = [errorInterceptor(logger)];
  return path === "direct" ? createDirectTransport(routes, { interceptors }) : createRouterTransport(routes, { router: { interceptors } });
}
