import { Code, createClient } from "@connectrpc/connect";
import { createGrpcTransport } from "@connectrpc/connect-node";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, expect, it } from "vitest";
import { CheckpointStatus, GovernService, PolicyOutcome, VoteDecision } from "../../gen/gatehouse/govern/v1/govern_pb.js";
import { HealthCheckResponse_ServingStatus, Health } from "../../gen/grpc/health/v1/health_pb.js";
import { loadConfig } from "../../lib/config.js";
import { openSqlite } from "../../lib/db/sqlite.js";
import { silentLogger } from "../../lib/logger.js";
import { inProcessClient } from "../../lib/rpc/in-process-client.js";
import { internalCallInterceptor } from "../../lib/rpc/internal-call-interceptor.js";
import { serveRpc, type RpcServer } from "../../lib/rpc/serve.js";
import { rpcError } from "../../test/support/rpc-error.js";
import { TEST_INTERNAL_SECRET, testInternalCredentials } from "../../test/support/internal-secret.js";
import { AuthService } from "../../gen/gatehouse/auth/v1/auth_pb.js";
import { composeAuth } from "../auth/compose.js";
import { callerOf } from "../../test/support/govern-harness.js";
import { main } from "./main.js";

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as { port: number };
  await new Promise((r) => server.close(r));
  return port;
}

it("serves the govern service over gRPC, signing decisions through the auth service over gRPC", async () => {
  const logger = silentLogger();
  const dir = mkdtempSync(join(tmpdir(), "govern-main-"));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  const authDb = openSqlite(join(dir, "auth.db"));
  cleanups.push(() => void authDb.close());
  const auth = await composeAuth({ backend: { kind: "sqlite", db: authDb }, logger, issuer: "gh", tokenTtlSeconds: 3600 });
  cleanups.push(() => auth.close());
  const admission = inProcessClient(AuthService, (r) => auth.routes(r), logger);
  const authServer: RpcServer = await serveRpc({
    ...auth,
    authentication: { authorize: (req) => admission.authorize(req), internal: testInternalCredentials },
    host: "127.0.0.1",
    port: 0,
    logger,
  });
  cleanups.push(() => authServer.close());

  const port = await freePort();
  const config = loadConfig({
    GATEHOUSE_DATA_DIR: dir,
    GATEHOUSE_GRPC_PORT: String(port),
    GATEHOUSE_LISTEN_HOST: "127.0.0.1",
    GATEHOUSE_AUTH_URL: `http://127.0.0.1:${authServer.port}`,
    GATEHOUSE_INTERNAL_SECRETS: TEST_INTERNAL_SECRET,
  });
  const running = await main(config, logger);
  cleanups.push(() => running.close());

  const anonymous = createGrpcTransport({ baseUrl: `http://127.0.0.1:${port}` });
  const health = await createClient(Health, anonymous).check({ service: GovernService.typeName });
  expect(health.status).toBe(HealthCheckResponse_ServingStatus.SERVING);
  const ws = callerOf("ws_main", "alice");
  expect((await rpcError(createClient(GovernService, anonymous).listPolicies({ caller: ws }))).connect).toBe(Code.Unauthenticated);

  const transport = createGrpcTransport({ baseUrl: `http://127.0.0.1:${port}`, interceptors: [internalCallInterceptor(testInternalCredentials)] });
  const govern = createClient(GovernService, transport);
  await govern.createPolicy({ caller: ws, policy: { name: "R", outcome: PolicyOutcome.REVIEW, reviewers: ["alice"] } });
  const cp = (await govern.createCheckpoint({ caller: ws, action: "deploy" })).checkpoint!;
  const waiting = govern.waitCheckpoint({ caller: ws, id: cp.id, timeoutSeconds: 10 });
  await new Promise((r) => setTimeout(r, 50));
  await govern.decideCheckpoint({ caller: ws, id: cp.id, decision: VoteDecision.APPROVE });
  const res = await waiting;
  expect(res.changed).toBe(true);
  expect(res.checkpoint!.status).toBe(CheckpointStatus.APPROVED);
  expect(res.checkpoint!.decisionToken).toMatch(/^ey/);
});
