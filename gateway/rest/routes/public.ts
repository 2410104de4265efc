import { z } from "zod";
import { HealthCheckResponse_ServingStatus as ServingStatus } from "../../../gen/grpc/health/v1/health_pb.js";
import { GatehouseError } from "../../../lib/errors.js";
import { BUS_HEALTH_SERVICE } from "../../../lib/rpc/health.js";
import type { Backend } from "../../clients.js";
import { route } from "../route.js";
import type { RouteDeps } from "./deps.js";

const READY_TIMEOUT_MS = 2000;

async function backendReady(b: Backend): Promise<boolean> {
  try {
    const res = await b.health.check({ service: b.service }, { timeoutMs: READY_TIMEOUT_MS });
    return res.status === ServingStatus.SERVING;
  } catch {
    return false;
  }
}

/** A backend's event bus: connected, degraded (down), or none (the backend has no bus, or did not answer). */
async function backendBus(b: Backend): Promise<"connected" | "degraded" | "none"> {
  try {
    const res = await b.health.check({ service: BUS_HEALTH_SERVICE }, { timeoutMs: READY_TIMEOUT_MS });
    return res.status === ServingStatus.SERVING ? "connected" : "degraded";
  } catch {
    return "none";
  }
}

/** Public endpoints: health, readiness and the JWKS. No key, no rate limit. */
export function publicRoutes({ clients }: RouteDeps) {
  return [
    route({
      method: "GET",
      url: "/healthz",
      operationId: "health",
      summary: "Liveness: the gateway process answers",
      tags: ["operations"],
      status: 200,
      response: z.object({ status: z.literal("ok") }),
      async handler() {
        return { status: "ok" };
      },
    }),
    route({
      method: "GET",
      url: "/readyz",
      operationId: "ready",
      summary: "Readiness: every backend service reports SERVING; the event bus is reported, not required",
      tags: ["operations"],
      status: 200,
      response: z.object({
        status: z.literal("ready"),
        services: z.record(z.string(), z.string()),
        bus: z.enum(["connected", "degraded", "none"]),
      }),
      async handler() {
        // The bus is not on any request's path (an outage costs waiters latency),
        // so it never makes the gateway unready: that would turn a NATS blip into an outage.
        const [states, buses] = await Promise.all([
          Promise.all(clients.backends.map(async (b) => [b.name, await backendReady(b)] as const)),
          Promise.all(clients.backends.map(backendBus)),
        ]);
        const down = states.filter(([, ok]) => !ok).map(([name]) => name);
        if (down.length > 0) throw new GatehouseError("UNAVAILABLE", `not ready: ${down.join(", ")} not serving`);
        const bus = buses.includes("degraded") ? "degraded" : buses.includes("connected") ? "connected" : "none";
        return { status: "ready", services: Object.fromEntries(states.map(([n]) => [n, "serving"])), bus };
      },
    }),
    route({
      method: "GET",
      url: "/.well-known/jwks.json",
      operationId: "jwks",
      summary: "Public keys that verify decision tokens (ES256), retired keys included while their tokens live",
      tags: ["decision tokens"],
      status: 200,
      response: z.object({ keys: z.array(z.record(z.string(), z.string())) }),
      responseHeaders: [{ name: "Cache-Control", description: "public, max-age=300" }],
      async handler({ response }) {
        const res = await clients.auth.getJwks({});
        response.headers["Cache-Control"] = "public, max-age=300";
        return {
          keys: res.keys.map((k) => ({ kty: k.kty, crv: k.crv, x: k.x, y: k.y, kid: k.kid, alg: k.alg, use: k.use })),
        };
      },
    }),
  ];
}
