import { createGatewayClients } from "../gateway/clients.js";
import { parseTrustedProxies, startGateway } from "../gateway/server.js";
import type { Config } from "../lib/config.js";
import { AuthService } from "../gen/gatehouse/auth/v1/auth_pb.js";
import { openAuditLog } from "../lib/audit/open-audit-log.js";
import { eventFedCachesAreSafe } from "../lib/bus/event-fed-cache.js";
import { openEventBus } from "../lib/bus/open-event-bus.js";
import { openBackend } from "../lib/db/open-backend.js";
import type { Logger } from "../lib/logger.js";
import type { Component } from "../lib/rpc/component.js";
import { createDirectTransport } from "../lib/rpc/direct-transport.js";
import { errorInterceptor } from "../lib/rpc/error-interceptor.js";
import { healthRoutes } from "../lib/rpc/health.js";
import { inProcessClient } from "../lib/rpc/in-process-client.js";
import { internalTrust } from "../lib/rpc/internal-trust.js";
import { serveRpc } from "../lib/rpc/serve.js";
import { storeGate } from "../lib/rpc/store-gate.js";
import { GovernService } from "../gen/gatehouse/govern/v1/govern_pb.js";
import { SecureService } from "../gen/gatehouse/secure/v1/secure_pb.js";
import { VERSION } from "../lib/version.js";
import { bootstrapBanner } from "../services/auth/bootstrap-banner.js";
import { composeAuth } from "../services/auth/compose.js";
import { composeGovern, type WebhookOptions } from "../services/govern/compose.js";
import { composeSecure } from "../services/secure/compose.js";

/** A running process and how to stop it cleanly. */
export interface Running {
  close(): Promise<void>;
}

/**
 * `gatehouse serve` (all in one process): the services on their stores and
 * one event bus (in-process, or NATS when configured so replicas share it), the
 * gateway calling them in-process as direct function calls, and the same
 * services exposed over gRPC on GATEHOUSE_GRPC_HOST:GATEHOUSE_GRPC_PORT
 * (loopback unless configured otherwise) for internal callers, who present an
 * API key — or the internal secret, when one is configured. `tuning`
 * overrides what the environment does not set (tests shorten the webhook
 * retry schedule with it).
 */
export async function serveAll(
  config: Config,
  logger: Logger,
  tuning: { webhooks?: Omit<WebhookOptions, "allowPrivate"> } = {},
): Promise<Running & { httpPort: number; grpcHost: string; grpcPort: number }> {
  const trust = internalTrust(config, logger, false);
  const settings = { mongodbUri: config.GATEHOUSE_MONGODB_URI, dataDir: config.GATEHOUSE_DATA_DIR };
  const authStore = await openBackend(settings, "auth", logger);
  const secureStore = await openBackend(settings, "secure", logger);
  const governStore = await openBackend(settings, "govern", logger);
  // One trail for the three services, so each workspace has one chain.
  const audit = openAuditLog(authStore.backend, config.GATEHOUSE_DATA_DIR);
  const storeHealth = new Map([
    [AuthService.typeName, authStore.health],
    [SecureService.typeName, secureStore.health],
    [GovernService.typeName, governStore.health],
  ]);
  const gate = storeGate((service) => storeHealth.get(service));
  const bus = await openEventBus({ natsUrl: config.GATEHOUSE_NATS_URL }, logger.child({ component: "bus" }));
  // Caches fed by change events need every process that changes data on this bus.
  const busReachesAll = eventFedCachesAreSafe(config);
  const auth = await composeAuth({
    backend: authStore.backend,
    audit: audit.log,
    logger: logger.child({ component: "auth" }),
    issuer: config.GATEHOUSE_ISSUER,
    tokenTtlSeconds: config.GATEHOUSE_DECISION_TOKEN_TTL_SECONDS,
    signingKeyJwk: config.GATEHOUSE_SIGNING_KEY,
    bootstrapKey: config.GATEHOUSE_BOOTSTRAP_KEY,
    encryptionKey: config.GATEHOUSE_ENCRYPTION_KEY,
    bus,
    cacheKeys: busReachesAll,
  });
  const authClient = inProcessClient(AuthService, (r) => auth.routes(r), logger);
  const secure = await composeSecure({ backend: secureStore.backend, audit: audit.log, bus, auth: authClient, logger: logger.child({ component: "secure" }) });
  const interceptors = [errorInterceptor(logger), gate];
  const govern = await composeGovern({
    backend: governStore.backend,
    audit: audit.log,
    bus,
    auth: authClient,
    secure: inProcessClient(SecureService, (r) => secure.routes(r), logger),
    logger: logger.child({ component: "govern" }),
    busReachesAll,
    webhooks: { ...tuning.webhooks, allowPrivate: config.GATEHOUSE_WEBHOOK_ALLOW_PRIVATE },
    encryptionKey: config.GATEHOUSE_ENCRYPTION_KEY,
  });
  const components: Component[] = [auth, secure, govern];

  const serviceNames = components.flatMap((c) => c.serviceNames);
  const ready = async () => (await Promise.all(components.map((c) => c.ready()))).every(Boolean);
  const routes = (router: Parameters<Component["routes"]>[0]) => components.forEach((c) => c.routes(router));
  // The gateway calls the services as functions: the protocol is for process boundaries.
  const inProcess = createDirectTransport(
    (router) => {
      routes(router);
      healthRoutes(serviceNames, ready, { busConnected: () => bus.connected() })(router);
    },
    { interceptors },
  );

  const rpc = await serveRpc({
    routes,
    serviceNames,
    ready,
    busConnected: () => bus.connected(),
    authentication: { authorize: (req) => authClient.authorize(req), internal: trust.credentials, insecureInternal: trust.insecure },
    interceptors: [gate],
    host: config.GATEHOUSE_GRPC_HOST ?? "127.0.0.1",
    port: config.GATEHOUSE_GRPC_PORT,
    logger,
  });
  const gateway = await startGateway({
    clients: createGatewayClients({ auth: inProcess, secure: inProcess, govern: inProcess }),
    logger,
    trustedProxies: parseTrustedProxies(config.GATEHOUSE_TRUSTED_PROXIES),
    host: config.GATEHOUSE_LISTEN_HOST,
    port: config.GATEHOUSE_HTTP_PORT,
    version: VERSION,
    perKeyConcurrency: config.GATEHOUSE_KEY_CONCURRENCY,
    consoleDir: config.GATEHOUSE_CONSOLE_DIR,
  });
  // Printed once to the terminal, never through the logger.
  if (auth.generatedBootstrapSecret) process.stdout.write(bootstrapBanner(auth.generatedBootstrapSecret));

  return {
    httpPort: gateway.port,
    grpcHost: rpc.host,
    grpcPort: rpc.port,
    async close() {
      await gateway.close();
      await rpc.close();
      for (const c of components) await c.close();
      await bus.close();
      await audit.close();
      for (const store of [authStore, secureStore, governStore]) await store.close();
    },
  };
}
