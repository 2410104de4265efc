import { openEventBus } from "../../lib/bus/open-event-bus.js";
import type { Config } from "../../lib/config.js";
import type { Logger } from "../../lib/logger.js";
import { serveComponent } from "../../lib/rpc/serve-component.js";
import { composeSecure } from "./compose.js";

/**
 * `gatehouse serve secure`: the secure service alone on its store, served
 * over gRPC (see `serveComponent`), with the event bus (NATS when
 * GATEHOUSE_NATS_URL is set) so a rule change on any replica rebuilds every
 * replica's scan plan, and the gRPC client of the auth service at
 * GATEHOUSE_AUTH_URL, which signs scan verdicts.
 */
export async function main(config: Config, logger: Logger): Promise<{ close(): Promise<void> }> {
  return serveComponent(config, logger, "secure", async ({ backend, auth, audit, own }) => {
    const bus = await openEventBus({ natsUrl: config.GATEHOUSE_NATS_URL }, logger);
    own(() => bus.close());
    return composeSecure({ backend, audit, bus, auth, logger });
  });
}
