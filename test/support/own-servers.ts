import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { connect as tcpConnect } from "node:net";
import { homedir, tmpdir } from "node:os";
import { delimiter, join } from "node:path";
import { freePort } from "./gatehouse.js";

/**
 * A server a test starts for itself on a free loopback port, so that it may
 * kill and restart it without disturbing servers it did not start.
 */
export interface OwnServer {
  port: number;
  url: string;
  /** Kills the server at once (SIGKILL), as a crash or a network cut would. */
  kill(): Promise<void>;
  /** Starts it again on the same port (and data); resolves once it accepts connections. */
  restart(): Promise<void>;
  /** Kills it and removes its data. */
  stop(): Promise<void>;
  /** The process id while it runs (to read its CPU time). */
  pid(): number | undefined;
}

/** True when something accepts TCP connections on 127.0.0.1:`port`. */
export function reachable(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = tcpConnect(port, "127.0.0.1");
    s.once("connect", () => (s.destroy(), resolve(true)));
    s.once("error", () => resolve(false));
  });
}

function findOnPath(name: string, extra: string[]): string | undefined {
  const dirs = [...(process.env.PATH ?? "").split(delimiter), ...extra];
  return dirs.map((d) => join(d, name)).find((p) => existsSync(p));
}

/** The nats-server binary, when installed. */
export function natsServerBinary(): string | undefined {
  return findOnPath("nats-server", ["/usr/sbin", "/usr/local/sbin"]);
}

/** The FerretDB binary `.ci/build-ferretdb` builds, when built. */
export function ferretDbBinary(): string | undefined {
  const candidates = [process.env.GATEHOUSE_TEST_FERRETDB_BIN, join(process.env.GOPATH ?? join(homedir(), "go"), "bin", "ferretdb")];
  return candidates.find((p): p is string => p !== undefined && existsSync(p));
}

async function own(binary: string, args: (port: number, dir: string) => string[], scheme: string, wanted?: number): Promise<OwnServer> {
  const port = wanted ?? (await freePort());
  const dir = mkdtempSync(join(tmpdir(), "gatehouse-own-server-"));
  let child: ChildProcess | undefined;
  const start = async () => {
    child = spawn(binary, args(port, dir), { stdio: "ignore" });
    const end = Date.now() + 30_000;
    while (!(await reachable(port))) {
      if (child.exitCode !== null) throw new Error(`${binary} exited with ${child.exitCode} before listening on ${port}`);
      if (Date.now() > end) throw new Error(`${binary} did not listen on ${port} within 30 s`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  const kill = async () => {
    const c = child;
    child = undefined;
    if (!c || c.exitCode !== null) return;
    const exited = new Promise((r) => c.once("exit", r));
    c.kill("SIGKILL");
    await exited;
  };
  await start();
  return {
    port,
    url: `${scheme}://127.0.0.1:${port}`,
    kill,
    restart: start,
    pid: () => child?.pid,
    async stop() {
      await kill();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Starts a NATS server of the test's own (core NATS, no JetStream needed), on `port` or a free one. */
export function startOwnNats(port?: number): Promise<OwnServer> {
  const bin = natsServerBinary();
  if (!bin) throw new Error("nats-server not found on PATH or in /usr/sbin");
  return own(bin, (p) => ["-a", "127.0.0.1", "-p", String(p)], "nats", port);
}

/** Starts a FerretDB (MongoDB wire protocol, SQLite handler) of the test's own, on `port` or a free one. */
export async function startOwnFerretDb(port?: number): Promise<OwnServer> {
  const bin = ferretDbBinary();
  if (!bin) throw new Error("FerretDB not built: run .ci/build-ferretdb (or set GATEHOUSE_TEST_FERRETDB_BIN)");
  const debugPort = await freePort();
  return own(
    bin,
    (port, dir) => [
      "--handler=sqlite",
      `--sqlite-url=file:${dir}/`,
      `--listen-addr=127.0.0.1:${port}`,
      `--state-dir=${dir}`,
      `--debug-addr=127.0.0.1:${debugPort}`,
      "--telemetry=disable",
      "--log-level=error",
    ],
    "mongodb",
    port,
  );
}
