import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { randomBytes } from "node:crypto";
import { serveAll } from "../../cli/serve-all.js";
import { loadConfig } from "../../lib/config.js";
import type { WebhookOptions } from "../../services/govern/compose.js";
import { type Logger, silentLogger } from "../../lib/logger.js";
import { testMongoUri } from "./store-engines.js";

/** A Gatehouse started for a test, all in one process, on free ports. */
export interface TestGatehouse {
  url: string;
  /** Address the gRPC port is bound to. */
  grpcHost: string;
  grpcPort: number;
  /** Secret of the bootstrap admin key (every scope, workspace "default"). */
  adminKey: string;
  close(): Promise<void>;
}

/** Returns a TCP port that was free a moment ago. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

/**
 * Starts the real server (`gatehouse serve`) with a fresh SQLite data dir, or
 * a fresh MongoDB database when `engine` is "mongodb". `webhooks` tunes
 * webhook delivery (e.g. a shorter retry schedule) as the composition allows.
 */
export async function startGatehouse(
  opts: { engine?: "sqlite" | "mongodb"; env?: Record<string, string>; logger?: Logger; webhooks?: Omit<WebhookOptions, "allowPrivate"> } = {},
): Promise<TestGatehouse> {
  const dataDir = mkdtempSync(join(tmpdir(), "gatehouse-e2e-"));
  const env: Record<string, string> = {
    GATEHOUSE_HTTP_PORT: "0",
    GATEHOUSE_GRPC_PORT: "0",
    GATEHOUSE_LISTEN_HOST: "127.0.0.1",
    GATEHOUSE_DATA_DIR: dataDir,
    GATEHOUSE_BOOTSTRAP_KEY: `gh_test_admin_${randomBytes(12).toString("hex")}`,
    GATEHOUSE_LOG_LEVEL: "silent",
    ...opts.env,
  };
  const adminKey = env.GATEHOUSE_BOOTSTRAP_KEY!;
  let dbName: string | undefined;
  if (opts.engine === "mongodb") {
    const uri = testMongoUri();
    if (!uri) throw new Error("MongoDB e2e needs GATEHOUSE_TEST_MONGODB_URI");
    dbName = `gh_e2e_${randomBytes(6).toString("hex")}`;
    const u = new URL(uri);
    u.pathname = `/${dbName}`;
    env.GATEHOUSE_MONGODB_URI = u.toString();
  }
  const running = await serveAll(loadConfig(env), opts.logger ?? silentLogger(), { webhooks: opts.webhooks });
  return {
    url: `http://127.0.0.1:${running.httpPort}`,
    grpcHost: running.grpcHost,
    grpcPort: running.grpcPort,
    adminKey,
    async close() {
      await running.close();
      if (dbName) {
        const { connectMongo } = await import("../../lib/db/mongo.js");
        const conn = await connectMongo(env.GATEHOUSE_MONGODB_URI!, { attempts: 3 });
        await conn.db.dropDatabase();
        await conn.close();
      }
      // The server's close resolves once every SQLite file is closed, the checkpointing thread's connections included (closeSqlite).
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The engines end-to-end suites run on: SQLite always, MongoDB when available (always in CI). */
export function e2eEngines(): ("sqlite" | "mongodb")[] {
  return testMongoUri() ? ["sqlite", "mongodb"] : ["sqlite"];
}
