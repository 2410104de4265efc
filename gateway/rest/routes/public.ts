import { z } from "zod";
import { HealthCheckResponse_ServingStatus as ServingStatus } from "../../../gen/grpc/health/v1/health_pb.js";
import { GatehouseError } from "../../../lib/errors.js";
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
      summary: "Readiness: every backend service reports SERVING",
      tags: ["operations"],
      status: 200,
      response: z.object({ status: z.literal("ready"), services: z.record(z.string(), z.string()) }),
      async handler() {
        const states = await Promise.all(clients.backends.map(async (b) => [b.name, await backendReady(b)] as const));
        const down = states.filter(([, ok]) => !ok).map(([name]) => name);
        if (down.length > 0) throw new GatehouseError("UNAVAILABLE", `not ready: ${down.join(", ")} not serving`);
        return { status: "ready", services: Object.fromEntries(states.map(([n]) => [n, "serving"])) };
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
