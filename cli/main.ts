#!/usr/bin/env node
import { ConfigError, loadConfig } from "../lib/config.js";
import { createLogger, type Logger } from "../lib/logger.js";
import { VERSION } from "../lib/version.js";
import { auditCommand } from "./audit-command.js";
import { keysCommand } from "./keys-command.js";
import { mcpCommand } from "./mcp-command.js";
import type { Running } from "./serve-all.js";

const USAGE = `gatehouse ${VERSION} — approval checkpoints and content-safety rules for AI agents

usage:
  gatehouse serve                 gateway and every service in one process (the default)
  gatehouse serve gateway|auth|secure|govern
                                  one component; the gateway reaches the services over gRPC
  gatehouse keys …                manage API keys of a running deployment (see 'gatehouse keys')
  gatehouse audit export|verify   export the audit trail as JSON lines, or verify its hash chain
                                  (online, or --file PATH offline; see 'gatehouse audit')
  gatehouse mcp                   the MCP tools over stdio, calling GATEHOUSE_URL with GATEHOUSE_API_KEY
  gatehouse --version

Configuration is read from GATEHOUSE_* environment variables (see README).`;

type Main = (config: ReturnType<typeof loadConfig>, logger: Logger) => Promise<Running>;

const COMPONENTS: Record<string, () => Promise<Main>> = {
  all: async () => (await import("./serve-all.js")).serveAll,
  gateway: async () => (await import("../gateway/main.js")).main,
  auth: async () => (await import("../services/auth/main.js")).main,
  secure: async () => (await import("../services/secure/main.js")).main,
  govern: async () => (await import("../services/govern/main.js")).main,
};

/** Runs one component until SIGTERM/SIGINT, then drains and exits 0. */
async function serve(component: string): Promise<void> {
  const load = COMPONENTS[component];
  if (!load) throw new Error(`unknown component ${JSON.stringify(component)}; expected one of ${Object.keys(COMPONENTS).join(", ")}`);
  const config = loadConfig(process.env);
  const logger = createLogger(config.GATEHOUSE_LOG_LEVEL).child({ component });
  const running = await (await load())(config, logger);
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) process.exit(1);
    stopping = true;
    logger.info({ signal }, "draining and shutting down");
    running.close().then(
      () => process.exit(0),
      (err: unknown) => {
        logger.error({ err }, "error while shutting down");
        process.exit(1);
      },
    );
  };
  process.once("SIGTERM", () => stop("SIGTERM"));
  process.once("SIGINT", () => stop("SIGINT"));
}

async function run(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  switch (command) {
    case undefined:
    case "help":
    case "--help":
    case "-h":
      process.stdout.write(USAGE + "\n");
      return;
    case "--version":
      process.stdout.write(VERSION + "\n");
      return;
    case "serve":
      return serve(rest[0] ?? "all");
    case "keys":
      return keysCommand(
        rest,
        { url: process.env.GATEHOUSE_URL ?? "http://localhost:8080", apiKey: process.env.GATEHOUSE_API_KEY ?? "" },
        (s) => process.stdout.write(s + "\n"),
      );
    case "audit":
      process.exitCode = await auditCommand(
        rest,
        { url: process.env.GATEHOUSE_URL ?? "http://localhost:8080", apiKey: process.env.GATEHOUSE_API_KEY ?? "" },
        (s) => process.stdout.write(s + "\n"),
        (s) => process.stderr.write(s + "\n"),
      );
      return;
    case "mcp":
      return mcpCommand({ url: process.env.GATEHOUSE_URL ?? "http://localhost:8080", apiKey: process.env.GATEHOUSE_API_KEY ?? "" });
    default:
      throw new Error(`unknown command ${JSON.stringify(command)}\n\n${USAGE}`);
  }
}

run(process.argv.slice(2)).catch((err: unknown) => {
  process.stderr.write(`gatehouse: ${err instanceof ConfigError || err instanceof Error ? err.message : String(err)}\n`);
  process.exit(err instanceof ConfigError ? 78 : 1);
});
