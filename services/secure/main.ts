import { openEventBus } from "../../lib/bus/open-event-bus.js";
import type { Config } from "../../lib/config.js";
import { openBackend } from "../../lib/db/open-backend.js";
import type { Logger } from "../../lib/logger.js";
import { serveRpc } from "../../lib/rpc/serve.js";
import { composeSecure } from "./compose.js";

/**
 * Runs the secure service on its own: opens its store (MongoDB when
 * `GATEHOUSE_MONGODB_URI` is set, else `<GATEHOUSE_DATA_DIR>/secure.db`), the
 * event bus (NATS when `GATEHOUSE_NATS_URL` is set, so a rule written on one
 * replica rebuilds the scan plans of all; else in-process), and serves gRPC /
 * Connect on `GATEHOUSE_LISTEN_HOST:GATEHOUSE_GRPC_PORT`. `close()` stops
 * serving, then the service (flushing trigger counts), then releases the bus
 * and the store.
 */
export async function main(config: Config, logger: Logger): Promise<{ close(): Promise<void> }> {
  const store = await openBackend({ mongodbUri: config.GATEHOUSE_MONGODB_URI, dataDir: config.GATEHOUSE_DATA_DIR }, "secure");
  // Released in reverse order of acquisition: the server first, the store last.
  const releases: Array<() => Promise<void>> = [() => store.close()];
  let closing: Promise<void> | undefined;
  const releaseAll = () =>
    (closing ??= (async () => {
      for (const release of [...releases].reverse()) await release();
    })());
  try {
    const bus = await openEventBus({ natsUrl: config.GATEHOUSE_NATS_URL }, logger);
    releases.push(() => bus.close());
    const component = await composeSecure({ backend: store.backend, bus, logger });
    releases.push(() => component.close());
    const server = await serveRpc({
      routes: component.routes,
      serviceNames: component.serviceNames,
      ready: component.ready,
      host: config.GATEHOUSE_LISTEN_HOST,
      port: config.GATEHOUSE_GRPC_PORT,
      logger,
    });
    releases.push(() => server.close());
    return { close: releaseAll };
  } catch (err) {
    await releaseAll();
    throw err;
  }
}
