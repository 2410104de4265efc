import { createClient, createRouterTransport, type Client } from "@connectrpc/connect";
import { AuthService } from "../../gen/gatehouse/auth/v1/auth_pb.js";
import { type Caller } from "../../gen/gatehouse/common/v1/common_pb.js";
import { ManualClock } from "../../lib/clock.js";
import type { StoreBackend } from "../../lib/db/backend.js";
import { silentLogger } from "../../lib/logger.js";
import { errorInterceptor } from "../../lib/rpc/error-interceptor.js";
import { composeAuth, type AuthComponent, type ComposeAuthOptions } from "../../services/auth/compose.js";

/** The literal bootstrap secret the harness configures. */
export const TEST_ADMIN_SECRET = "test-admin-secret-0123456789";

/** An auth service composed for tests, reached through an in-process Connect client. */
export interface AuthHarness {
  client: Client<typeof AuthService>;
  clock: ManualClock;
  component: AuthComponent;
  /** The caller of the bootstrap admin key (workspace `default`, every scope). */
  admin: Caller;
  close(): Promise<void>;
}

/**
 * Composes the auth service on `backend` with a ManualClock, the bootstrap
 * key TEST_ADMIN_SECRET and a silent logger (any option can be overridden),
 * and returns a client going through the same error interceptor as the real
 * servers. Calling it twice on one backend gives two replicas.
 */
export async function startAuthHarness(backend: StoreBackend, opts: Partial<ComposeAuthOptions> = {}): Promise<AuthHarness> {
  const clock = opts.clock instanceof ManualClock ? opts.clock : new ManualClock();
  const logger = silentLogger();
  const component = await composeAuth({
    backend,
    logger,
    issuer: "gatehouse-test",
    tokenTtlSeconds: 3600,
    bootstrapKey: TEST_ADMIN_SECRET,
    ...opts,
    clock,
  });
  const transport = createRouterTransport(component.routes, { router: { interceptors: [errorInterceptor(logger)] } });
  const client = createClient(AuthService, transport);
  const res = await client.authorize({ apiKey: opts.bootstrapKey ?? TEST_ADMIN_SECRET, clientIp: "127.0.0.1" });
  if (!res.caller) throw new Error("the harness's bootstrap key does not authenticate");
  return { client, clock, component, admin: res.caller, close: () => component.close() };
}

export { rpcError } from "./rpc-error.js";
