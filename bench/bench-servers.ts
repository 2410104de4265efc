import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "../test/support/gatehouse.js";
import { buildOnce, startGatehouseProcess, startNode, until } from "./child-process.js";
import { keepAliveAgent, request } from "./http-load.js";

/** Gatehouse (embedded mode) and a baseline server, each in its own process. */
export interface BenchServers {
  url: string;
  baselineUrl: string;
  /** Secret of the bootstrap admin key (every scope). */
  adminKey: string;
  /** Process ids, to read each server's memory. */
  gatehousePid: number;
  baselinePid: number;
  /** Stops both processes and deletes the data directory. */
  stop(): Promise<void>;
}

/**
 * Starts `gatehouse serve` on a fresh SQLite data directory (after `seed`
 * has written to it, when given) and the baseline entry point (which prints
 * its URL), and waits until both answer. Neither shares an event loop with
 * the load generator.
 */
export async function startBenchServers(
  baselineEntry: string,
  opts: { seed?: (dataDir: string) => Promise<void> } = {},
): Promise<BenchServers> {
  const dataDir = mkdtempSync(join(tmpdir(), "gatehouse-bench-"));
  // Stored data a benchmark needs is written before Gatehouse opens the directory.
  await opts.seed?.(dataDir);
  const adminKey = "gh_bench_admin_key_0123456789";
  const port = await freePort();
  await buildOnce();
  const gatehouse = startGatehouseProcess(["serve"], {
    GATEHOUSE_HTTP_PORT: String(port),
    GATEHOUSE_GRPC_PORT: String(await freePort()),
    GATEHOUSE_LISTEN_HOST: "127.0.0.1",
    GATEHOUSE_DATA_DIR: dataDir,
    GATEHOUSE_BOOTSTRAP_KEY: adminKey,
    GATEHOUSE_LOG_LEVEL: "warn",
  });
  const baseline = startNode(baselineEntry, [], {});
  const stop = async () => {
    gatehouse.kill("SIGTERM");
    baseline.kill("SIGTERM");
    await new Promise((r) => setTimeout(r, 500));
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const url = `http://127.0.0.1:${port}`;
    const probe = keepAliveAgent(1);
    await until(async () => (await request(probe, `${url}/readyz`, "GET", {})).status === 200, 60_000, "gatehouse").catch((e) => {
      throw new Error(`${e}\n${gatehouse.output()}`);
    });
    probe.destroy();
    await until(async () => baseline.output().includes("http://"), 30_000, "baseline");
    return { url, baselineUrl: baseline.output().trim().split("\n")[0]!, adminKey, gatehousePid: gatehouse.pid!, baselinePid: baseline.pid!, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}
