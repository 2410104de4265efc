import { eventFedCachesAreSafe } from "../../lib/bus/event-fed-cache.js";
import { openEventBus } from "../../lib/bus/open-event-bus.js";
import type { Config } from "../../lib/config.js";
import type { Logger } from "../../lib/logger.js";
import { serveComponent } from "../../lib/rpc/serve-component.js";
import { bootstrapBanner } from "./bootstrap-banner.js";
import { composeAuth } from "./compose.js";

/**
 * `gatehouse serve auth`: the auth service alone on its store, served over
 * gRPC (see `serveComponent`), with the event bus (NATS when
 * GATEHOUSE_NATS_URL is set) that carries key revocations to every replica's
 * key cache. A generated bootstrap secret is printed once
 * to stdout, never through the logger.
 */
export async function main(config: Config, logger: Logger): Promise<{ close(): Promise<void> }> {
  return serveComponent(config, logger, "auth", async ({ backend, audit, own }) => {
    const bus = await openEventBus({ natsUrl: config.GATEHOUSE_NATS_URL }, logger);
    own(() => bus.close());
    const auth = await composeAuth({
      backend,
      audit,
      logger,
      issuer: config.GATEHOUSE_ISSUER,
      tokenTtlSeconds: config.GATEHOUSE_DECISION_TOKEN_TTL_SECONDS,
      signingKeyJwk: config.GATEHOUSE_SIGNING_KEY,
      bootstrapKey: config.GATEHOUSE_BOOTSTRAP_KEY,
      encryptionKey: config.GATEHOUSE_ENCRYPTION_KEY,
      bus,
      cacheKeys: eventFedCachesAreSafe(config),
    });
    if (auth.generatedBootstrapSecret) process.stdout.write(bootstrapBanner(auth.generatedBootstrapSecret));
    return auth;
  });
}
