import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * The baseline the gateway is measured against: a bare Node HTTP server that
 * answers the same JSON a checkpoint create answers, and holds long-polls on
 * an in-memory map until a "decision" request for the same id arrives. It does
 * no auth, validation, storage or signing: the floor of what Node can do here.
 */
export async function startBaselineServer(sample: unknown): Promise<{ url: string; close(): Promise<void> }> {
  const body = JSON.stringify(sample);
  const waiters = new Map<string, http.ServerResponse[]>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      if (req.method === "POST" && req.url === "/v1/checkpoints") {
        JSON.parse(Buffer.concat(chunks).toString("utf8") || "{}");
        res.writeHead(201, { "content-type": "application/json" }).end(body);
        return;
      }
      const wait = /^\/v1\/checkpoints\/([^/]+)\/wait/.exec(req.url ?? "");
      if (req.method === "GET" && wait) {
        const list = waiters.get(wait[1]!) ?? [];
        list.push(res);
        waiters.set(wait[1]!, list);
        return;
      }
      const decide = /^\/v1\/checkpoints\/([^/]+)\/decisions/.exec(req.url ?? "");
      if (req.method === "POST" && decide) {
        for (const w of waiters.get(decide[1]!) ?? []) w.writeHead(200, { "content-type": "application/json" }).end(body);
        waiters.delete(decide[1]!);
        res.writeHead(200, { "content-type": "application/json" }).end(body);
        return;
      }
      res.writeHead(404).end();
    });
  });
  server.keepAliveTimeout = 120_000;
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((r) => { server.closeAllConnections(); server.close(() => r()); }),
  };
}
