import { eventFedCachesAreSafe } from "../../lib/bus/event-fed-cache.js";
import { openEventBus } from "../../lib/bus/open-event-bus.js";
import type { Config } from "../../lib/config.js";
import type { Logger } from "../../lib/logger.js";
import { serveComponent } from "../../lib/rpc/serve-component.js";
import { SecureService } from "../../gen/gatehouse/secure/v1/secure_pb.js";
import { composeGovern } from "./compose.js";

/**
 * `gatehouse serve govern`: the govern service alone on its store, served
 * over gRPC (see `serveComponent`), with the event bus (NATS when
 * GATEHOUSE_NATS_URL is set, so waiters on every replica hear every decision)
 * the gRPC client of the auth service at GATEHOUSE_AUTH_URL, which signs
 * decision tokens, and that of the secure service at GATEHOUSE_SECURE_URL,
 * which scans the content of checkpoints whose policies ask for it.
 */
export async function main(config: Config, logger: Logger): Promise<{ close(): Promise<void> }> {
  return serveComponent(config, logger, "govern", async ({ backend, auth, audit, connect, own }) => {
    const bus = await openEventBus({ natsUrl: config.GATEHOUSE_NATS_URL }, logger);
    own(() => bus.close());
    return composeGovern({
      backend,
      audit,
      bus,
      auth,
      secure: connect(SecureService, config.GATEHOUSE_SECURE_URL),
      logger,
      busReachesAll: eventFedCachesAreSafe(config),
      webhooks: { allowPrivate: config.GATEHOUSE_WEBHOOK_ALLOW_PRIVATE },
      encryptionKey: config.GATEHOUSE_ENCRYPTION_KEY,
    });
  });
}
