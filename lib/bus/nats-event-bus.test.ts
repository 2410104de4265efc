import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { createServer, connect as tcpConnect, type AddressInfo } from "node:net";
import { delimiter, join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { silentLogger } from "../logger.js";
import { testNatsUrl } from "../../test/support/store-engines.js";
import { connectNatsBus, type NatsEventBus } from "./nats-event-bus.js";

function findNatsServer(): string | undefined {
  const dirs = [...(process.env.PATH ?? "").split(delimiter), "/usr/sbin", "/usr/local/sbin"];
  return dirs.map((d) => join(d, "nats-server")).find((p) => existsSync(p));
}

async function freePort(): Promise<number> {
  const srv = createServer();
  await new Promise<void>((resolve) => srv.listen(0, "127.0.0.1", resolve));
  const { port } = srv.address() as AddressInfo;
  await new Promise<void>((resolve) => srv.close(() => resolve()));
  return port;
}

function reachable(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = tcpConnect(port, "127.0.0.1");
    s.once("connect", () => (s.destroy(), resolve(true)));
    s.once("error", () => resolve(false));
  });
}

const buses: NatsEventBus[] = [];
const servers: ChildProcess[] = [];
afterEach(async () => {
  await Promise.all(buses.splice(0).map((b) => b.close()));
  for (const s of servers.splice(0)) s.kill("SIGKILL");
});

describe("connectNatsBus", () => {
  it("rejects when no server answers the first time", async () => {
    const port = await freePort();
    await expect(connectNatsBus(`nats://127.0.0.1:${port}`, silentLogger(), { connectTimeoutMs: 1000 })).rejects.toThrow();
  });

  it("rejects an empty server list", async () => {
    await expect(connectNatsBus(" , ", silentLogger())).rejects.toThrow(/no NATS server/);
  });

  const url = testNatsUrl();
  it.skipIf(!url)("accepts a comma-separated server list and uses the server that answers", async () => {
    const dead = await freePort();
    const bus = await connectNatsBus(`nats://127.0.0.1:${dead}, ${url!}`, silentLogger(), { connectTimeoutMs: 2000 });
    buses.push(bus);
    expect(await bus.ready()).toBe(true);
  });
});

// A server of its own, so that it can be stopped without disturbing others.
const natsServer = findNatsServer();
describe.skipIf(!natsServer && !process.env.CI)("NatsEventBus across a server restart", () => {
  async function startServer(port: number): Promise<void> {
    if (!natsServer) throw new Error("nats-server not found on PATH or in /usr/sbin");
    const child = spawn(natsServer, ["-a", "127.0.0.1", "-p", String(port)], { stdio: "ignore" });
    servers.push(child);
    await vi.waitFor(async () => expect(await reachable(port)).toBe(true), { timeout: 10_000, interval: 50 });
  }

  it("reports not ready while the server is down, reconnects, and delivers again", async () => {
    const port = await freePort();
    await startServer(port);
    const bus = await connectNatsBus(`nats://127.0.0.1:${port}`, silentLogger());
    buses.push(bus);
    expect(await bus.ready()).toBe(true);

    const got: unknown[] = [];
    bus.subscribe("restart.test", (_s, e) => void got.push(e));
    servers.pop()!.kill("SIGKILL");
    await vi.waitFor(async () => expect(await bus.ready()).toBe(false), { timeout: 10_000, interval: 50 });

    await startServer(port);
    await vi.waitFor(async () => expect(await bus.ready()).toBe(true), { timeout: 15_000, interval: 100 });
    // The subscription made before the outage is restored on reconnect.
    await bus.publish("restart.test", { n: 1 });
    await vi.waitFor(() => expect(got).toEqual([{ n: 1 }]), { timeout: 5000, interval: 10 });
  });
});
