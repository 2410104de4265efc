import { Code, ConnectError, createClient } from "@connectrpc/connect";
import { MongoNetworkError } from "mongodb";
import { describe, expect, it } from "vitest";
import { AuthService } from "../../gen/gatehouse/auth/v1/auth_pb.js";
import { StoreHealth } from "../db/store-health.js";
import { silentLogger } from "../logger.js";
import { createDirectTransport } from "./direct-transport.js";
import { errorInterceptor } from "./error-interceptor.js";
import { storeGate } from "./store-gate.js";

/** A client of an AuthService whose GetJwks runs `handler`, behind the gate of `health`. */
function gated(health: StoreHealth, handler: () => Promise<object>) {
  const transport = createDirectTransport((router) => router.service(AuthService, { getJwks: handler }), {
    // As the services stack them: domain errors become Connect codes outside the gate.
    interceptors: [errorInterceptor(silentLogger()), storeGate(() => health)],
  });
  return createClient(AuthService, transport);
}

async function codeOf(call: Promise<unknown>): Promise<Code | "ok"> {
  try {
    await call;
    return "ok";
  } catch (err) {
    return ConnectError.from(err).code;
  }
}

describe("storeGate", () => {
  it("passes calls through while the store is up", async () => {
    const health = new StoreHealth("test", async () => true, silentLogger());
    expect(await codeOf(gated(health, async () => ({ keys: [] })).getJwks({}))).toBe("ok");
  });

  it("marks the store down when a call cannot reach it, and refuses the next at once without running it", async () => {
    const health = new StoreHealth("test", async () => false, silentLogger(), 60_000);
    let runs = 0;
    const client = gated(health, async () => {
      runs++;
      throw new MongoNetworkError("connect ECONNREFUSED");
    });
    expect(await codeOf(client.getJwks({}))).toBe(Code.Unavailable);
    expect(health.down).toBe(true);
    expect(await codeOf(client.getJwks({}))).toBe(Code.Unavailable);
    expect(runs).toBe(1);
    health.close();
  });

  it("answers a call in flight as soon as the store goes down, without waiting for its operations", async () => {
    const health = new StoreHealth("test", async () => false, silentLogger(), 60_000);
    let release!: () => void;
    const client = gated(health, () => new Promise((resolve) => (release = () => resolve({ keys: [] }))));
    const inFlight = codeOf(client.getJwks({}));
    await new Promise((r) => setImmediate(r));
    health.markDown("connection refused");
    expect(await inFlight).toBe(Code.Unavailable);
    release();
    health.close();
  });

  it("lets other errors through unchanged and leaves the store up", async () => {
    const health = new StoreHealth("test", async () => true, silentLogger());
    const client = gated(health, async () => {
      throw new ConnectError("no such key", Code.NotFound);
    });
    expect(await codeOf(client.getJwks({}))).toBe(Code.NotFound);
    expect(health.down).toBe(false);
  });
});
