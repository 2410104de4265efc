import { systemClock, type Clock } from "../../lib/clock.js";
import type { StoreBackend } from "../../lib/db/backend.js";
import type { Logger } from "../../lib/logger.js";
import type { Component } from "../../lib/rpc/component.js";
import { SecureService } from "../../gen/gatehouse/secure/v1/secure_pb.js";
import { secureRoutes } from "./routes/index.js";
import { createRuleStore } from "./store/create-rule-store.js";

/** What the secure service is built from. */
export interface SecureOptions {
  /** Where rules are stored; the caller owns it and closes it. */
  backend: StoreBackend;
  logger: Logger;
  /** Defaults to the wall clock. */
  clock?: Clock;
}

/**
 * Wires the secure service (rules and the pattern-library catalogue) to its
 * store. `ready()` pings the store; `close()` releases nothing the caller
 * did not hand in, since the backend belongs to the caller.
 */
export async function composeSecure(opts: SecureOptions): Promise<Component> {
  const clock = opts.clock ?? systemClock;
  const rules = createRuleStore(opts.backend, clock);
  opts.logger.debug({ store: opts.backend.kind }, "secure service composed");
  return {
    serviceNames: [SecureService.typeName],
    routes: secureRoutes({ rules, clock }),
    ready: () => rules.ping(),
    close: async () => undefined,
  };
}
