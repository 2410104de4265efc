import { createClient } from "@connectrpc/connect";
import { createGrpcTransport } from "@connectrpc/connect-node";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { SecureService, RuleType } from "../../gen/gatehouse/secure/v1/secure_pb.js";
import { Health, HealthCheckResponse_ServingStatus } from "../../gen/grpc/health/v1/health_pb.js";
import { loadConfig } from "../../lib/config.js";
import { silentLogger } from "../../lib/logger.js";
import { main } from "./main.js";
import { internalCallInterceptor } from "../../lib/rpc/internal-call-interceptor.js";
import { TEST_INTERNAL_SECRET, testInternalCredentials } from "../../test/support/internal-secret.js";

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe("secure main", () => {
  let dir = "";
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("serves the secure service and health over gRPC, keeping rules in the data directory across restarts", async () => {
    dir = mkdtempSync(join(tmpdir(), "gatehouse-secure-"));
    const port = await freePort();
    const config = loadConfig({
      GATEHOUSE_INTERNAL_SECRETS: TEST_INTERNAL_SECRET,
      GATEHOUSE_DATA_DIR: dir,
      GATEHOUSE_GRPC_PORT: String(port),
      GATEHOUSE_LISTEN_HOST: "127.0.0.1",
    });
    // A Gatehouse component asserting its caller presents the internal secret.
    const interceptors = [internalCallInterceptor(testInternalCredentials)];
    const transport = createGrpcTransport({ baseUrl: `http://127.0.0.1:${port}`, interceptors });
    const caller = { workspaceId: "ws_main" };

    const first = await main(config, silentLogger());
    const secure = createClient(SecureService, transport);
    const health = createClient(Health, transport);
    expect((await health.check({ service: SecureService.typeName })).status).toBe(HealthCheckResponse_ServingStatus.SERVING);
    const { rule } = await secure.createRule({ caller, rule: { name: "kept", type: RuleType.TOOL_CALL } });
    await first.close();

    const second = await main(config, silentLogger());
    try {
      const again = createClient(SecureService, createGrpcTransport({ baseUrl: `http://127.0.0.1:${port}`, interceptors }));
      expect((await again.getRule({ caller, id: rule!.id })).rule?.name).toBe("kept");
    } finally {
      await second.close();
    }
  });
});
