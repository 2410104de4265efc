import type { Interceptor } from "@connectrpc/connect";
import { isMongoUnavailableError } from "../db/mongo-errors.js";
import { STORE_RETRY_AFTER_SECONDS, type StoreHealth } from "../db/store-health.js";
import { UnavailableError } from "../errors.js";

/**
 * Server interceptor that keeps a store outage fast and honest: while the
 * service's store is known down, calls are refused at once with UNAVAILABLE
 * (a 503 with Retry-After on REST) instead of each waiting for a server; a
 * call that finds the store unreachable marks it down, and calls in flight
 * when it goes down stop waiting at once (the driver may retry a lost server
 * for a while, several operations of a call in a row). `healthOf` names the
 * store health of a service (by its protobuf name); services without one,
 * and the health protocol, pass through.
 */
export function storeGate(healthOf: (serviceTypeName: string) => StoreHealth | undefined): Interceptor {
  // Not an async function on the way through: an ungated call (the embedded
  // store, the health protocol) costs no promise of its own, and a long-poll
  // held by the thousand none either.
  return (next) => (req) => {
    const health = healthOf(req.service.typeName);
    return health ? gated(health, () => next(req)) : next(req);
  };
}

async function gated<T>(health: StoreHealth, next: () => Promise<T>): Promise<T> {
  if (health.down) throw storeUnavailable();
  let stopWaiting: (() => void) | undefined;
  const wentDown = new Promise<never>((_, reject) => {
    stopWaiting = health.onceDown(() => reject(storeUnavailable()));
  });
  const call = next();
  // Abandoned when the store goes down first: its own failure is expected and answered already.
  call.catch(() => undefined);
  try {
    return await Promise.race([call, wentDown]);
  } catch (err) {
    if (err instanceof UnavailableError || !isMongoUnavailableError(err)) throw err;
    health.markDown((err as Error).message);
    throw storeUnavailable();
  } finally {
    stopWaiting?.();
  }
}

/** The error of a request that needs a store that cannot be reached. */
export function storeUnavailable(): UnavailableError {
  return new UnavailableError("the store is unavailable; retry later", STORE_RETRY_AFTER_SECONDS);
}
