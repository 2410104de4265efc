import { createServer, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { postWebhook } from "./post-webhook.js";

describe("postWebhook", () => {
  let server: Server;
  let port: number;
  let hits: { path: string; headers: Record<string, unknown>; body: string }[];
  let handler: (path: string, res: ServerResponse) => void;

  beforeEach(async () => {
    hits = [];
    handler = (_p, res) => {
      res.statusCode = 204;
      res.end();
    };
    server = createServer((req, res) => {
      let body = "";
      req.on("data", (c: Buffer) => (body += c.toString()));
      req.on("end", () => {
        hits.push({ path: req.url!, headers: req.headers, body });
        handler(req.url!, res);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterEach(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  const post = (url: string, allowPrivate = true, timeoutMs = 2000) =>
    postWebhook({ url, headers: { "content-type": "application/json", "webhook-id": "msg_1" }, body: '{"a":1}' }, { timeoutMs, allowPrivate });

  it("POSTs the body with the headers and takes a 2xx as delivered", async () => {
    expect(await post(`http://localhost:${port}/hook`)).toEqual({ ok: true, status: 204, error: null });
    expect(hits).toEqual([{ path: "/hook", headers: expect.objectContaining({ "webhook-id": "msg_1", "content-length": "7" }), body: '{"a":1}' }]);
  });

  it("refuses loopback targets at connection time unless private targets are allowed, by name and by literal", async () => {
    expect(await post(`http://localhost:${port}/hook`, false)).toEqual({ ok: false, status: null, error: expect.stringMatching(/^refused: localhost resolves to .*loopback/) });
    expect(await post(`http://127.0.0.1:${port}/hook`, false)).toEqual({ ok: false, status: null, error: "refused: 127.0.0.1 is a loopback address" });
    expect(await post(`http://[::ffff:127.0.0.1]:${port}/hook`, false)).toMatchObject({ ok: false, error: expect.stringContaining("loopback") });
    expect(hits).toEqual([]);
  });

  it("does not follow a redirect, and keeps only a short excerpt of a failure's body", async () => {
    handler = (path, res) => {
      if (path === "/moved") {
        res.writeHead(302, { location: "/hook" });
        res.end();
        return;
      }
      res.statusCode = 500;
      res.end("line one\nline two " + "x".repeat(5000));
    };
    expect(await post(`http://127.0.0.1:${port}/moved`)).toEqual({ ok: false, status: 302, error: "HTTP 302 (redirects are not followed)" });
    const failed = await post(`http://127.0.0.1:${port}/boom`);
    expect(failed).toMatchObject({ ok: false, status: 500 });
    expect(failed!.error).toMatch(/^HTTP 500: line one line two x+$/);
    expect(failed!.error!.length).toBeLessThan(230);
    expect(hits.map((h) => h.path)).toEqual(["/moved", "/boom"]);
  });

  it("gives up on an endpoint that does not answer in time", async () => {
    handler = () => undefined;
    const started = Date.now();
    expect(await post(`http://127.0.0.1:${port}/slow`, true, 300)).toEqual({ ok: false, status: null, error: "no answer within 0.3 s" });
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it("reports a refused connection and an abort (which is no result)", async () => {
    const closed = await new Promise<number>((resolve) => {
      const s = createServer().listen(0, "127.0.0.1", () => {
        const p = (s.address() as AddressInfo).port;
        s.close(() => resolve(p));
      });
    });
    expect(await post(`http://127.0.0.1:${closed}/`)).toEqual({ ok: false, status: null, error: "connection refused" });
    handler = () => undefined;
    const abort = new AbortController();
    const pending = postWebhook({ url: `http://127.0.0.1:${port}/`, headers: {}, body: "{}" }, { timeoutMs: 5000, allowPrivate: true }, abort.signal);
    setTimeout(() => abort.abort(), 100);
    expect(await pending).toBeNull();
  });
});
