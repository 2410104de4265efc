import type { Config } from "../../lib/config.js";
import { openBackend } from "../../lib/db/open-backend.js";
import type { Logger } from "../../lib/logger.js";
import { serveRpc } from "../../lib/rpc/serve.js";
import { bootstrapBanner } from "./bootstrap-banner.js";
import { composeAuth } from "./compose.js";

/**
 * `gatehouse serve auth`: the auth service alone, on its store
 * (`<GATEHOUSE_DATA_DIR>/auth.db` or GATEHOUSE_MONGODB_URI), serving gRPC,
 * gRPC-Web and Connect on GATEHOUSE_LISTEN_HOST:GATEHOUSE_GRPC_PORT. A
 * generated bootstrap secret is printed once to stdout. `close` stops the
 * server, then the service, then the store.
 */
export async function main(config: Config, logger: Logger): Promise<{ close(): Promise<void> }> {
  const store = await openBackend({ mongodbUri: config.GATEHOUSE_MONGODB_URI, dataDir: config.GATEHOUSE_DATA_DIR }, "auth");
  try {
    const auth = await composeAuth({
      backend: store.backend,
      logger,
      issuer: config.GATEHOUSE_ISSUER,
      tokenTtlSeconds: config.GATEHOUSE_DECISION_TOKEN_TTL_SECONDS,
      signingKeyJwk: config.GATEHOUSE_SIGNING_KEY,
      bootstrapKey: config.GATEHOUSE_BOOTSTRAP_KEY,
    });
    const server = await serveRpc({
      routes: auth.routes,
      serviceNames: auth.serviceNames,
      ready: auth.ready,
      host: config.GATEHOUSE_LISTEN_HOST,
      port: config.GATEHOUSE_GRPC_PORT,
      logger,
    }).catch(async (err: unknown) => {
      await auth.close();
      throw err;
    });
    if (auth.generatedBootstrapSecret) process.stdout.write(bootstrapBanner(auth.generatedBootstrapSecret));
    return {
      async close() {
        await server.close();
        await auth.close();
        await store.close();
      },
    };
  } catch (err) {
    await store.close();
    throw err;
  }
}
