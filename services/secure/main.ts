import type { Config } from "../../lib/config.js";
import { openBackend } from "../../lib/db/open-backend.js";
import type { Logger } from "../../lib/logger.js";
import { serveRpc } from "../../lib/rpc/serve.js";
import { composeSecure } from "./compose.js";

/**
 * Runs the secure service on its own: opens its store (MongoDB when
 * `GATEHOUSE_MONGODB_URI` is set, else `<GATEHOUSE_DATA_DIR>/secure.db`) and
 * serves it over gRPC / Connect on `GATEHOUSE_LISTEN_HOST:GATEHOUSE_GRPC_PORT`.
 * `close()` stops serving, then releases the store.
 */
export async function main(config: Config, logger: Logger): Promise<{ close(): Promise<void> }> {
  const store = await openBackend({ mongodbUri: config.GATEHOUSE_MONGODB_URI, dataDir: config.GATEHOUSE_DATA_DIR }, "secure");
  try {
    const component = await composeSecure({ backend: store.backend, logger });
    const server = await serveRpc({
      routes: component.routes,
      serviceNames: component.serviceNames,
      ready: component.ready,
      host: config.GATEHOUSE_LISTEN_HOST,
      port: config.GATEHOUSE_GRPC_PORT,
      logger,
    });
    return {
      async close() {
        await server.close();
        await component.close();
        await store.close();
      },
    };
  } catch (err) {
    await store.close();
    throw err;
  }
}
