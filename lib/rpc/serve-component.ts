import type { DescService } from "@bufbuild/protobuf";
import type { Client } from "@connectrpc/connect";
import { createGrpcTransport } from "@connectrpc/connect-node";
import { AuthService } from "../../gen/gatehouse/auth/v1/auth_pb.js";
import type { AuditLog } from "../audit/audit-log.js";
import { openAuditLog } from "../audit/open-audit-log.js";
import type { Config } from "../config.js";
import type { StoreBackend } from "../db/backend.js";
import { openBackend } from "../db/open-backend.js";
import type { Logger } from "../logger.js";
import type { Component } from "./component.js";
import { createRpcClient } from "./create-rpc-client.js";
import { inProcessClient } from "./in-process-client.js";
import { internalCallInterceptor } from "./internal-call-interceptor.js";
import { internalTrust } from "./internal-trust.js";
import { serveRpc } from "./serve.js";
import { storeGate } from "./store-gate.js";

/** What a service's composition hands to `serveComponent`'s builder. */
export interface ServiceResources {
  backend: StoreBackend;
  /**
   * A client of the auth service at GATEHOUSE_AUTH_URL, presenting the
   * internal secret. (The auth service itself does not use it.)
   */
  auth: Client<typeof AuthService>;
  /** A gRPC client of another Gatehouse component at `baseUrl`, presenting the internal secret. */
  connect<S extends DescService>(service: S, baseUrl: string): Client<S>;
  /** The deployment's audit trail, shared by every service (see `openAuditLog`). */
  audit: AuditLog;
  /** Registers a release to run at close, after those registered later (a stack). */
  own(release: () => Promise<void>): void;
}

/**
 * `gatehouse serve <service>`: opens the service's store (MongoDB when
 * GATEHOUSE_MONGODB_URI is set, else `<GATEHOUSE_DATA_DIR>/<service>.db`) and
 * the audit trail every service shares,
 * builds the component, and serves gRPC, gRPC-Web and Connect on
 * GATEHOUSE_GRPC_HOST (default GATEHOUSE_LISTEN_HOST):GATEHOUSE_GRPC_PORT.
 * Every call is authenticated: API keys through the auth service's admission
 * (in-process for the auth service itself), Gatehouse components by the
 * internal secret, without which the process refuses to start (unless
 * GATEHOUSE_INSECURE_INTERNAL). `close()` (idempotent) stops serving, then
 * releases everything in the reverse order it was acquired; a failure while
 * starting releases what was already acquired.
 */
export async function serveComponent(
  config: Config,
  logger: Logger,
  service: string,
  build: (resources: ServiceResources) => Promise<Component>,
): Promise<{ close(): Promise<void> }> {
  const trust = internalTrust(config, logger, true);
  const releases: Array<() => Promise<void>> = [];
  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= (async () => {
      for (const release of releases.reverse()) await release();
    })());
  try {
    const store = await openBackend({ mongodbUri: config.GATEHOUSE_MONGODB_URI, dataDir: config.GATEHOUSE_DATA_DIR }, service, logger);
    releases.push(() => store.close());
    const audit = openAuditLog(store.backend, config.GATEHOUSE_DATA_DIR);
    releases.push(() => audit.close());
    const connect = <S extends DescService>(svc: S, baseUrl: string): Client<S> =>
      createRpcClient(svc, createGrpcTransport({ baseUrl, interceptors: [internalCallInterceptor(trust.credentials)] }));
    const remoteAuth = connect(AuthService, config.GATEHOUSE_AUTH_URL);
    const component = await build({ backend: store.backend, auth: remoteAuth, audit: audit.log, connect, own: (release) => void releases.push(release) });
    releases.push(() => component.close());
    // The auth service admits keys itself, without a network hop.
    const admission = service === "auth" ? inProcessClient(AuthService, (r) => component.routes(r), logger) : remoteAuth;
    const server = await serveRpc({
      routes: (router) => component.routes(router),
      serviceNames: component.serviceNames,
      ready: () => component.ready(),
      busConnected: component.busConnected ? () => component.busConnected!() : undefined,
      authentication: { authorize: (req) => admission.authorize(req), internal: trust.credentials, insecureInternal: trust.insecure },
      interceptors: [storeGate(() => store.health)],
      host: config.GATEHOUSE_GRPC_HOST ?? config.GATEHOUSE_LISTEN_HOST,
      port: config.GATEHOUSE_GRPC_PORT,
      logger,
    });
    releases.push(() => server.close());
    return { close };
  } catch (err) {
    await close();
    throw err;
  }
}
