import type { DescService } from "@bufbuild/protobuf";
import type { Client, ConnectRouter } from "@connectrpc/connect";
import { createRpcClient } from "./create-rpc-client.js";
import { createDirectTransport } from "./direct-transport.js";
import type { Logger } from "../logger.js";
import { errorInterceptor } from "./error-interceptor.js";

/**
 * A client of `service` served by `routes` in this process: direct function
 * calls (see `createDirectTransport`), the same error mapping as over the
 * network, and no authentication — code in the process is trusted to assert
 * its caller.
 */
export function inProcessClient<S extends DescService>(service: S, routes: (router: ConnectRouter) => void, logger: Logger): Client<S> {
  return createRpcClient(service, createDirectTransport(routes, { interceptors: [errorInterceptor(logger)] }));
}
