import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { freePort } from "../support/gatehouse.js";
import { exited, type GatehouseProcess, spawnGatehouse, until } from "../support/gatehouse-process.js";
import { ferretDbBinary, natsServerBinary, type OwnServer, startOwnFerretDb, startOwnNats } from "../support/own-servers.js";

const cleanups: Array<() => Promise<unknown> | unknown> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "gatehouse-startup-"));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

function track(child: GatehouseProcess): GatehouseProcess {
  cleanups.push(async () => {
    if (child.exitCode === null) {
      child.kill("SIGKILL");
      await exited(child);
    }
  });
  return child;
}

const canRun = (ferretDbBinary() && natsServerBinary()) || process.env.CI;

describe.skipIf(!canRun)("starting while a dependency is unreachable", () => {
  it("waits for MongoDB and NATS with backoff, naming each and its variable, and serves once they answer", async () => {
    const [mongoPort, natsPort, httpPort] = [await freePort(), await freePort(), await freePort()];
    const child = track(
      spawnGatehouse("all", {
        GATEHOUSE_DATA_DIR: tempDir(),
        GATEHOUSE_HTTP_PORT: String(httpPort),
        GATEHOUSE_GRPC_PORT: "0",
        GATEHOUSE_LISTEN_HOST: "127.0.0.1",
        GATEHOUSE_BOOTSTRAP_KEY: "gh_startup_admin_key",
        GATEHOUSE_MONGODB_URI: `mongodb://127.0.0.1:${mongoPort}/gatehouse_startup`,
        GATEHOUSE_NATS_URL: `nats://127.0.0.1:${natsPort}`,
      }),
    );
    const ready = () => fetch(`http://127.0.0.1:${httpPort}/readyz`).then((r) => r.status === 200);
    await until(async () => child.output().includes('"msg":"waiting for MongoDB"'), 20_000);
    expect(child.output()).toContain('"variable":"GATEHOUSE_MONGODB_URI"');
    expect(child.exitCode).toBeNull();
    expect(await ready().catch(() => false)).toBe(false);

    const mongo: OwnServer = await startOwnFerretDb(mongoPort);
    cleanups.push(() => mongo.stop());
    await until(async () => child.output().includes('"msg":"waiting for NATS"'), 30_000);
    expect(child.output()).toContain('"variable":"GATEHOUSE_NATS_URL"');
    expect(await ready().catch(() => false)).toBe(false);

    const nats = await startOwnNats(natsPort);
    cleanups.push(() => nats.stop());
    await until(ready, 30_000);
    expect(child.exitCode).toBeNull();
  }, 90_000);

  it("stops at once on a malformed MongoDB URI, naming the variable", async () => {
    const child = track(
      spawnGatehouse("all", {
        GATEHOUSE_DATA_DIR: tempDir(),
        GATEHOUSE_HTTP_PORT: "0",
        GATEHOUSE_GRPC_PORT: "0",
        GATEHOUSE_MONGODB_URI: "mongodb://127.0.0.1:27017/db?replicaSet=x&directConnection=true&readPreference=nonsense",
      }),
    );
    expect(await exited(child)).toBe(78);
    expect(child.output()).toContain("GATEHOUSE_MONGODB_URI");
  }, 30_000);
});
