import type { AddressInfo } from "node:net";
import type { Logger } from "../lib/logger.js";
import { buildGateway } from "./app.js";
import type { GatewayClients } from "./clients.js";

/** A listening gateway. */
export interface RunningGateway {
  port: number;
  /** Stops accepting requests, lets in-flight ones finish (503 to new ones meanwhile). */
  close(): Promise<void>;
}

/** Builds the gateway and listens on `host:port` (port 0 picks a free one). */
export async function startGateway(opts: {
  clients: GatewayClients;
  logger: Logger;
  trustedProxies: string[];
  host: string;
  port: number;
  version: string;
  /** GATEHOUSE_KEY_CONCURRENCY: requests of one credential worked on at once. */
  perKeyConcurrency?: number;
}): Promise<RunningGateway> {
  const app = await buildGateway(opts);
  await app.listen({ host: opts.host, port: opts.port });
  const port = (app.server.address() as AddressInfo).port;
  opts.logger.info({ port }, "gateway listening");
  return { port, close: () => app.close() };
}

/** Splits `GATEHOUSE_TRUSTED_PROXIES` (comma-separated IPs/CIDRs). */
export function parseTrustedProxies(value: string | undefined): string[] {
  return (value ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
}
