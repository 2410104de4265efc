import { create } from "@bufbuild/protobuf";
import type { ConnectRouter } from "@connectrpc/connect";
import { Code, ConnectError } from "@connectrpc/connect";
import {
  Health,
  HealthCheckResponse_ServingStatus as ServingStatus,
  HealthCheckResponseSchema,
} from "../../gen/grpc/health/v1/health_pb.js";

/** Reports whether a component can serve: resolves true when its dependencies answer. */
export type ReadinessCheck = () => Promise<boolean>;

/**
 * Health-protocol name under which a server reports its event bus: SERVING
 * while it reaches the other replicas. Informational — the server's own
 * services stay SERVING without it, since a bus outage costs latency only.
 */
export const BUS_HEALTH_SERVICE = "gatehouse.bus";

/** Tuning and optional reports of `healthRoutes`. */
export interface HealthOptions {
  /** How often `Watch` re-checks; default 5000 ms. */
  pollMs?: number;
  /** The event bus's state, reported as `BUS_HEALTH_SERVICE`; omitted without a bus. */
  busConnected?: () => boolean;
}

/**
 * Registers `grpc.health.v1.Health` for the named services. The empty service
 * name stands for the whole server. `Watch` sends the status, then a new one
 * whenever it changes, until the caller goes away.
 */
export function healthRoutes(services: readonly string[], ready: ReadinessCheck, opts: HealthOptions = {}) {
  const pollMs = opts.pollMs ?? 5000;
  const busConnected = opts.busConnected;
  const known = new Set(["", ...services, ...(busConnected ? [BUS_HEALTH_SERVICE] : [])]);
  const status = async (service: string) => {
    if (!known.has(service)) return ServingStatus.SERVICE_UNKNOWN;
    if (service === BUS_HEALTH_SERVICE) return busConnected?.() ? ServingStatus.SERVING : ServingStatus.NOT_SERVING;
    return (await ready().catch(() => false)) ? ServingStatus.SERVING : ServingStatus.NOT_SERVING;
  };
  return (router: ConnectRouter) =>
    router.service(Health, {
      async check(req) {
        if (!known.has(req.service)) throw new ConnectError(`unknown service ${req.service}`, Code.NotFound);
        return create(HealthCheckResponseSchema, { status: await status(req.service) });
      },
      async *watch(req, ctx) {
        let last: ServingStatus | undefined;
        while (!ctx.signal.aborted) {
          const now = await status(req.service);
          if (now !== last) yield create(HealthCheckResponseSchema, { status: now });
          last = now;
          await new Promise<void>((resolve) => {
            const t = setTimeout(resolve, pollMs);
            ctx.signal.addEventListener("abort", () => (clearTimeout(t), resolve()), { once: true });
          });
        }
      },
    });
}
