import { createGrpcTransport } from "@connectrpc/connect-node";
import type { Config } from "../lib/config.js";
import type { Logger } from "../lib/logger.js";
import { internalCallInterceptor } from "../lib/rpc/internal-call-interceptor.js";
import { internalTrust } from "../lib/rpc/internal-trust.js";
import { VERSION } from "../lib/version.js";
import { createGatewayClients } from "./clients.js";
import { parseTrustedProxies, type RunningGateway, startGateway } from "./server.js";

/**
 * Composition root of `gatehouse serve gateway`: the gateway alone, reaching
 * the services over gRPC (h2c) at the configured addresses. It asserts the
 * caller of each admitted REST request, so it presents the internal secret
 * (and the request id) on every call; without a secret it refuses to start
 * unless GATEHOUSE_INSECURE_INTERNAL is set.
 */
export async function main(config: Config, logger: Logger): Promise<RunningGateway> {
  const { credentials } = internalTrust(config, logger, true);
  const interceptors = [internalCallInterceptor(credentials)];
  const grpc = (baseUrl: string) => createGrpcTransport({ baseUrl, defaultTimeoutMs: 60_000, interceptors });
  const clients = createGatewayClients({
    auth: grpc(config.GATEHOUSE_AUTH_URL),
    secure: grpc(config.GATEHOUSE_SECURE_URL),
    govern: grpc(config.GATEHOUSE_GOVERN_URL),
  });
  return startGateway({
    clients,
    logger,
    trustedProxies: parseTrustedProxies(config.GATEHOUSE_TRUSTED_PROXIES),
    host: config.GATEHOUSE_LISTEN_HOST,
    port: config.GATEHOUSE_HTTP_PORT,
    version: VERSION,
    perKeyConcurrency: config.GATEHOUSE_KEY_CONCURRENCY,
    consoleDir: config.GATEHOUSE_CONSOLE_DIR,
  });
}
