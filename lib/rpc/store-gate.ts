import type { Interceptor } from "@connectrpc/connect";
import { isMongoUnavailableError } from "../db/mongo.js";
import { STORE_RETRY_AFTER_SECONDS, type StoreHealth } from "../db/store-health.js";
import { UnavailableError } from "../errors.js";

/**
 * Server interceptor that keeps a store outage fast and honest: while the
 * service's store is known down, calls are refused at once with UNAVAILABLE
 * (a 503 with Retry-After on REST) instead of each waiting for a server; a
 * call that finds the store unreachable marks it down. `healthOf` names the
 * store health of a service (by its protobuf name); services without one, and
 * the health protocol, pass through.
 */
export function storeGate(healthOf: (serviceTypeName: string) => StoreHealth | undefined): Interceptor {
  return (next) => async (req) => {
    const health = healthOf(req.service.typeName);
    if (!health) return next(req);
    if (health.down) throw storeUnavailable();
    try {
      return await next(req);
    } catch (err) {
      if (!isMongoUnavailableError(err)) throw err;
      health.markDown((err as Error).message);
      throw storeUnavailable();
    }
  };
}

/** The error of a request that needs a store that cannot be reached. */
export function storeUnavailable(): UnavailableError {
  return new UnavailableError("the store is unavailable; retry later", STORE_RETRY_AFTER_SECONDS);
}
