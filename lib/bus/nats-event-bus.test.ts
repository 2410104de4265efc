import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { createServer, connect as tcpConnect, type AddressInfo } from "node:net";
import { delimiter, join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { pino } from "pino";
import { silentLogger } from "../logger.js";
import { startOwnNats } from "../../test/support/own-servers.js";
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
  it("rejects when no server answers within the given attempts", async () => {
    const port = await freePort();
    await expect(connectNatsBus(`nats://127.0.0.1:${port}`, silentLogger(), { connectTimeoutMs: 1000, attempts: 1 })).rejects.toThrow();
  });

  it("rejects an empty server list", async () => {
    await expect(connectNatsBus(" , ", silentLogger())).rejects.toThrow(/no NATS server/);
  });

  const url = testNatsUrl();
  it.skipIf(!url)("accepts a comma-separated server list and uses the server that answers", async () => {
    const dead = await freePort();
    const bus = await connectNatsBus(`nats://127.0.0.1:${dead}, ${url!}`, silentLogger(), { connectTimeoutMs: 2000, attempts: 3 });
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

  it("waits for a server that is not up yet, saying which dependency and variable it waits for", async () => {
    const port = await freePort();
    const logs: Array<Record<string, unknown>> = [];
    const logger = pino({ level: "info" }, { write: (line: string) => void logs.push(JSON.parse(line) as Record<string, unknown>) });
    const connecting = connectNatsBus(`nats://user:pw@127.0.0.1:${port}`, logger, { connectTimeoutMs: 500 });
    await vi.waitFor(() => expect(logs.some((l) => l.msg === "waiting for NATS")).toBe(true), { timeout: 10_000, interval: 50 });
    expect(logs.find((l) => l.msg === "waiting for NATS")).toMatchObject({ dependency: "NATS", variable: "GATEHOUSE_NATS_URL", servers: [`127.0.0.1:${port}`] });
    expect(JSON.stringify(logs)).not.toContain("pw@");
    const server = await startOwnNats(port);
    try {
      const bus = await connecting;
      buses.push(bus);
      expect(await bus.ready()).toBe(true);
    } finally {
      await server.stop();
    }
  }, 30_000);

  it("keeps delivering its own events while the server is down, resyncs on reconnect, and hears others again", async () => {
    const port = await freePort();
    await startServer(port);
    const bus = await connectNatsBus(`nats://127.0.0.1:${port}`, silentLogger());
    const other = await connectNatsBus(`nats://127.0.0.1:${port}`, silentLogger());
    buses.push(bus, other);
    expect(await bus.ready()).toBe(true);
    let resyncs = 0;
    bus.onResync(() => resyncs++);

    const got: unknown[] = [];
    bus.subscribe("restart.test", (_s, e) => void got.push(e));
    servers.pop()!.kill("SIGKILL");
    await vi.waitFor(async () => expect(await bus.ready()).toBe(false), { timeout: 10_000, interval: 50 });
    expect(bus.connected()).toBe(false);

    // Delivery inside the process does not need the broker.
    await bus.publish("restart.test", { n: "local" });
    await vi.waitFor(() => expect(got).toEqual([{ n: "local" }]), { timeout: 1000, interval: 5 });

    await startServer(port);
    await vi.waitFor(async () => expect(await bus.ready()).toBe(true), { timeout: 15_000, interval: 100 });
    await vi.waitFor(async () => expect(await other.ready()).toBe(true), { timeout: 15_000, interval: 100 });
    expect(bus.connected()).toBe(true);
    expect(resyncs).toBe(1);
    // The subscription made before the outage is restored on reconnect.
    await other.publish("restart.test", { n: "remote" });
    await vi.waitFor(() => expect(got).toEqual([{ n: "local" }, { n: "remote" }]), { timeout: 5000, interval: 10 });
  });
});
