import type { Config } from "../config.js";
import type { StoreBackend } from "../db/backend.js";
import { openBackend } from "../db/open-backend.js";
import type { Logger } from "../logger.js";
import type { Component } from "./component.js";
import { serveRpc } from "./serve.js";

/** What a service's composition hands to `serveComponent`'s builder. */
export interface ServiceResources {
  backend: StoreBackend;
  /** Registers a release to run at close, after those registered later (a stack). */
  own(release: () => Promise<void>): void;
}

/**
 * `gatehouse serve <service>`: opens the service's store (MongoDB when
 * GATEHOUSE_MONGODB_URI is set, else `<GATEHOUSE_DATA_DIR>/<service>.db`),
 * builds the component, and serves gRPC, gRPC-Web and Connect on
 * GATEHOUSE_LISTEN_HOST:GATEHOUSE_GRPC_PORT. `close()` (idempotent) stops
 * serving, then releases everything in the reverse order it was acquired; a
 * failure while starting releases what was already acquired.
 */
export async function serveComponent(
  config: Config,
  logger: Logger,
  service: string,
  build: (resources: ServiceResources) => Promise<Component>,
): Promise<{ close(): Promise<void> }> {
  const releases: Array<() => Promise<void>> = [];
  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= (async () => {
      for (const release of releases.reverse()) await release();
    })());
  try {
    const store = await openBackend({ mongodbUri: config.GATEHOUSE_MONGODB_URI, dataDir: config.GATEHOUSE_DATA_DIR }, service);
    releases.push(() => store.close());
    const component = await build({ backend: store.backend, own: (release) => void releases.push(release) });
    releases.push(() => component.close());
    const server = await serveRpc({
      routes: (router) => component.routes(router),
      serviceNames: component.serviceNames,
      ready: () => component.ready(),
      host: config.GATEHOUSE_LISTEN_HOST,
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
