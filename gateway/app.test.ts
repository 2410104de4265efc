import { create } from "@bufbuild/protobuf";
import { Code, ConnectError } from "@connectrpc/connect";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { AuthorizeOutcome, AuthorizeResponseSchema } from "../gen/gatehouse/auth/v1/auth_pb.js";
import { CallerSchema } from "../gen/gatehouse/common/v1/common_pb.js";
import { silentLogger } from "../lib/logger.js";
import { until } from "../test/support/gatehouse-process.js";
import { buildGateway, type Gateway } from "./app.js";
import type { GatewayClients } from "./clients.js";

// Just enough of the services for a request to reach its operation: every key is admitted.
function fakeClients(govern: Record<string, (req: unknown, opts?: { signal?: AbortSignal }) => Promise<unknown>>): GatewayClients {
  const caller = create(CallerSchema, { workspaceId: "ws_test", keyId: "key_test", scopes: ["govern:checkpoints:read"] });
  return {
    auth: { authorize: async () => create(AuthorizeResponseSchema, { outcome: AuthorizeOutcome.ALLOWED, caller }) },
    govern,
    secure: {},
    backends: [],
  } as unknown as GatewayClients;
}

describe("the REST gateway's operations", () => {
  let app: Gateway | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  async function listen(clients: GatewayClients): Promise<string> {
    app = await buildGateway({ clients, logger: silentLogger(), version: "test" });
    await app.listen({ host: "127.0.0.1", port: 0 });
    return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  }

  it("aborts a held long-poll's call when its client hangs up", async () => {
    let signal: AbortSignal | undefined;
    const url = await listen(
      fakeClients({
        waitCheckpoint: (_req, opts) => {
          signal = opts?.signal;
          return new Promise((_, reject) => signal?.addEventListener("abort", () => reject(new ConnectError("cancelled", Code.Canceled))));
        },
      }),
    );
    const held = http.get(`${url}/v1/checkpoints/chk_1/wait?timeout=30`, { headers: { authorization: "Bearer gh_test_key" } });
    held.on("error", () => undefined);
    await until(async () => signal !== undefined, 5000);
    expect(signal!.aborted).toBe(false);
    held.destroy();
    await until(async () => signal!.aborted, 5000);
  });
});
