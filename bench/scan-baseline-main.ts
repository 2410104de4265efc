import http from "node:http";
import type { AddressInfo } from "node:net";
import { baselinePatterns, benchRules, nativeScan, RULE_COUNTS } from "./scan-workload.js";

// The REST baseline of the scan benchmark, in its own process: a bare
// node:http server that parses the same JSON body and runs the native RegExp
// loop over the same patterns (POST /scan/<rule count>). No auth, no rate
// limit, no normalisation, validation or masking: the floor of the approach
// Gatehouse replaces. POST /echo only parses the body and answers: the floor
// of any JSON POST on this machine.
const patterns = new Map<string, RegExp[]>(RULE_COUNTS.map((n) => [String(n), baselinePatterns(benchRules(n))]));
const server = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on("data", (c: Buffer) => chunks.push(c));
  req.on("end", () => {
    if (req.method === "POST" && req.url === "/echo") {
      // The floor of any JSON POST: read and parse the body, answer a small JSON.
      const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as { content: string };
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ verdict: "allow", length: body.content.length }));
      return;
    }
    const set = patterns.get(/^\/scan\/(\d+)$/.exec(req.url ?? "")?.[1] ?? "");
    if (req.method !== "POST" || !set) {
      res.writeHead(404).end();
      return;
    }
    const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as { content: string };
    const found = nativeScan(set, body.content);
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ verdict: found > 0 ? "flag" : "allow", found }));
  });
});
server.keepAliveTimeout = 120_000;
server.listen(0, "127.0.0.1", () => process.stdout.write(`http://127.0.0.1:${(server.address() as AddressInfo).port}\n`));
process.once("SIGTERM", () => {
  server.closeAllConnections();
  server.close(() => process.exit(0));
});
