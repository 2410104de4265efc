import type { IncomingMessage } from "node:http";
import type { AddressInfo, Socket } from "node:net";
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
  /** GATEHOUSE_CONSOLE_DIR: the console build to serve at /console. */
  consoleDir?: string;
}): Promise<RunningGateway> {
  const app = await buildGateway(opts);
  // Node's server.close() waits for every connection that has not yet sent
  // a request (clients open spares); closing must not wait on them.
  const unused = new Set<Socket>();
  // One listener for all sockets (a socket closes once): a connection held
  // open by a long-poll, by the thousand, then carries no closure of its own.
  function forget(this: Socket) {
    unused.delete(this);
  }
  app.server.on("connection", (socket: Socket) => {
    unused.add(socket);
    socket.on("close", forget);
  });
  app.server.on("request", (req: IncomingMessage) => unused.delete(req.socket));
  await app.listen({ host: opts.host, port: opts.port });
  const port = (app.server.address() as AddressInfo).port;
  opts.logger.info({ port }, "gateway listening");
  return {
    port,
    close: async () => {
      const closing = app.close();
      for (const socket of unused) socket.destroy();
      await closing;
    },
  };
}

/** Splits `GATEHOUSE_TRUSTED_PROXIES` (comma-separated IPs/CIDRs). */
export function parseTrustedProxies(value: string | undefined): string[] {
  return (value ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
}
