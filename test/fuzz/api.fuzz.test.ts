import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createGatewayClients } from "../../gateway/clients.js";
import { gatewayRoutes } from "../../gateway/app.js";
import { buildOpenApi } from "../../gateway/rest/openapi.js";
import { createDirectTransport } from "../../lib/rpc/direct-transport.js";
import { SCOPES } from "../../lib/scopes.js";
import { startGatehouse, type TestGatehouse } from "../support/gatehouse.js";
import { badValue, oddString, rawGarbage } from "./bad-input.js";
import { resolverOf, validish } from "./json-schema-arbitrary.js";

/**
 * Generated bad input against every REST operation and the MCP endpoint of a
 * running server: no answer may be a 5xx, none may hang, and every error must
 * be the spec's `{statusCode, code, message}`. GATEHOUSE_FUZZ_RUNS sets the
 * requests per operation (2,000 by default).
 */
const RUNS = Number(process.env.GATEHOUSE_FUZZ_RUNS ?? 2000);
const CONCURRENCY = 32;
const HANG_MS = 10_000;
// 600 requests a minute per key: enough keys that the fuzz never waits on the limit.
const KEYS = 160;

type Json = Record<string, unknown>;

interface Probe {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
}

interface Finding {
  probe: Probe;
  problem: string;
}

// The served document, built here from the same route table without a server.
const idle = createDirectTransport(() => undefined);
const doc = buildOpenApi(gatewayRoutes(createGatewayClients({ auth: idle, secure: idle, govern: idle })), "fuzz") as {
  paths: Record<string, Record<string, Json>>;
  components: { schemas: Record<string, Json> };
};
const resolve = resolverOf(doc);
const RESTRICTED = new Set(["/mcp", "/docs"]);
const operations = Object.entries(doc.paths)
  .filter(([path]) => !RESTRICTED.has(path))
  .flatMap(([path, methods]) => Object.entries(methods).map(([method, op]) => ({ path, method: method.toUpperCase(), op })));

const jsonText = (v: unknown) => JSON.stringify(v) ?? "null";

/** Percent-encodes any string; a lone surrogate becomes bytes that are not UTF-8 (garbage on purpose). */
function encode(s: string): string {
  try {
    return encodeURIComponent(s);
  } catch {
    return encodeURIComponent(s.replace(/[\ud800-\udfff]/g, "")) + "%ED%A0%80";
  }
}

/** The arbitrary of one path parameter value: plausible ids and garbage, always one URL segment. */
const idSegment = fc
  .oneof(
    fc.constantFrom("cp_00000000000000000000000000", "rule_pii", "key_x", "pol_1", "agent_1"),
    fc.string({ maxLength: 30 }),
    oddString.map((s) => s.slice(0, 300)),
    fc.constantFrom("..", ".", "%", "%zz", "a%2Fb", " ", "x".repeat(5000)),
  )
  .map((s) => (/^%|%zz|%2F/.test(s) ? s : encode(s)) || "x");

/** A query string from the operation's parameters plus garbage. */
function queryArb(op: Json): fc.Arbitrary<string> {
  const names = ((op.parameters ?? []) as Json[]).filter((p) => p.in === "query").map((p) => p.name as string);
  const pair = fc.tuple(
    fc.oneof(fc.constantFrom(...names, "limit", "cursor", "__proto__", "status"), fc.string({ maxLength: 10 })),
    fc.oneof(fc.string({ maxLength: 20 }), oddString.map((s) => s.slice(0, 100)), fc.constantFrom("-1", "0", "1e9", "55", "true", "[]", "")),
  );
  return fc.array(pair, { maxLength: 4 }).map((pairs) =>
    pairs.length === 0 ? "" : "?" + pairs.map(([k, v]) => `${encode(k)}=${encode(v)}`).join("&"),
  );
}

/** A request body: mostly schema-shaped with one thing wrong, else any garbage. */
function bodyArb(op: Json): fc.Arbitrary<string | undefined> {
  const schema = ((op.requestBody as Json | undefined)?.content as Json | undefined)?.["application/json"] as Json | undefined;
  const shaped = schema ? validish(schema.schema as Json, resolve) : fc.constant({});
  const withBadField = fc.tuple(shaped, fc.string({ maxLength: 12 }), badValue).map(([v, k, bad]) => {
    if (typeof v !== "object" || v === null || Array.isArray(v)) return bad;
    const keys = Object.keys(v);
    const key = keys.length > 0 && k.length % 2 === 0 ? keys[k.length % keys.length]! : k;
    return { ...v, [key]: bad };
  });
  const withoutField = shaped.map((v) => {
    if (typeof v !== "object" || v === null || Array.isArray(v)) return v;
    const keys = Object.keys(v);
    if (keys.length > 0) delete (v as Json)[keys[0]!];
    return v;
  });
  return fc.oneof(
    { weight: 3, arbitrary: shaped.map(jsonText) },
    { weight: 4, arbitrary: withBadField.map(jsonText) },
    { weight: 2, arbitrary: withoutField.map(jsonText) },
    { weight: 2, arbitrary: badValue.map(jsonText) },
    { weight: 2, arbitrary: rawGarbage },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );
}

const contentType = fc.oneof(
  { weight: 8, arbitrary: fc.constant("application/json") },
  { weight: 1, arbitrary: fc.constantFrom("text/plain", "application/x-www-form-urlencoded", "application/json; charset=latin1", "application/vnd.x+json", "", "multipart/form-data; boundary=x") },
);

/** Header values that HTTP can carry (visible ASCII), in lengths up to beyond what anyone accepts. */
const headerValue = fc.oneof(
  fc.string({ unit: fc.integer({ min: 0x21, max: 0x7e }).map((c) => String.fromCharCode(c)), maxLength: 40 }),
  fc.constantFrom('"1"', "W/\"1\"", "*", '"999999999999"', "x".repeat(400)),
);

function probeArb(path: string, method: string, op: Json, keys: () => string[]): fc.Arbitrary<Probe> {
  const segments = path.split(/(\{[^}]+\})/).filter(Boolean);
  const pathArb = fc.tuple(...segments.map((s) => (s.startsWith("{") ? idSegment : fc.constant(s)))).map((parts) => parts.join(""));
  const hasBody = method !== "GET" && method !== "DELETE";
  return fc
    .record({
      path: pathArb,
      query: queryArb(op),
      body: hasBody ? bodyArb(op) : fc.constant(undefined),
      contentType,
      // Unbiased: fast-check favours small numbers, which piled the fuzz onto the first keys and their limit.
      key: fc.noBias(fc.nat()),
      anonymous: fc.nat({ max: 99 }),
      idempotencyKey: fc.option(headerValue, { freq: 2 }),
      ifMatch: fc.option(headerValue, { freq: 2 }),
      // One request in twenty with a malformed or unknown credential.
      badAuth: fc.oneof(
        { weight: 19, arbitrary: fc.constant(null) },
        { weight: 1, arbitrary: fc.constantFrom("Bearer", "Bearer ", "Basic abc", "Bearer gh_" + "x".repeat(300), "bearer gh_nope") },
      ),
    })
    .map((r) => {
      const headers: Record<string, string> = {};
      const all = keys();
      if (r.badAuth !== null) headers.authorization = r.badAuth;
      else if (r.anonymous !== 0) headers.authorization = `Bearer ${all[r.key % all.length]}`;
      if (r.body !== undefined && r.contentType !== "") headers["content-type"] = r.contentType;
      if (r.idempotencyKey !== null) headers["idempotency-key"] = r.idempotencyKey;
      if (r.ifMatch !== null) headers["if-match"] = r.ifMatch;
      return { method, path: r.path + r.query, headers, body: r.body };
    });
}

/** Sends `probe`, returning what is wrong with the answer (or null); counts its status in `statuses`. */
async function check(base: string, probe: Probe, jsonRpc: boolean, statuses: Map<number, number>): Promise<string | null> {
  let res: Response;
  try {
    res = await fetch(base + probe.path, { method: probe.method, headers: probe.headers, body: probe.body, signal: AbortSignal.timeout(HANG_MS) });
  } catch (err) {
    const e = err as Error;
    if (e.name === "TimeoutError") return `no answer within ${HANG_MS} ms`;
    return `request failed: ${e.message} (${(e.cause as Error | undefined)?.message ?? ""})`;
  }
  statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
  // An event stream that started is an answer; it would run until the server ends it.
  if (res.status === 200 && res.headers.get("content-type")?.startsWith("text/event-stream")) {
    await res.body?.cancel();
    return null;
  }
  const text = await res.text();
  if (res.status >= 500) return `answered ${res.status}: ${text.slice(0, 200)}`;
  if (res.status < 400) return null;
  let body: Json;
  try {
    body = JSON.parse(text) as Json;
  } catch {
    return `error ${res.status} is not JSON: ${text.slice(0, 100)}`;
  }
  // The MCP transport answers a message it cannot take with a JSON-RPC error, as the protocol says.
  if (jsonRpc && isJsonRpcError(body)) return null;
  const keys = Object.keys(body).sort().join(",");
  if (keys !== "code,message,statusCode") return `error ${res.status} has fields ${keys}`;
  if (body.statusCode !== res.status || typeof body.code !== "string" || typeof body.message !== "string") {
    return `error ${res.status} is malformed: ${text.slice(0, 200)}`;
  }
  return null;
}

function isJsonRpcError(body: Json): boolean {
  const error = body.error as Json | undefined;
  return body.jsonrpc === "2.0" && typeof error === "object" && error !== null && Number.isInteger(error.code) && typeof error.message === "string";
}

/** Sends every probe, CONCURRENCY at a time; the findings, the first few of each kind kept. */
async function fire(base: string, probes: Probe[], jsonRpc = false): Promise<Finding[]> {
  const findings: Finding[] = [];
  const statuses = new Map<number, number>();
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < probes.length) {
        const probe = probes[next++]!;
        const problem = await check(base, probe, jsonRpc, statuses);
        if (problem && findings.length < 10) findings.push({ probe: { ...probe, path: probe.path.slice(0, 200), body: probe.body?.slice(0, 300) }, problem });
      }
    }),
  );
  // Shows in CI how much got past validation (2xx) and how much was refused, and how.
  const label = probes.length > 0 ? `${probes[0]!.method} ${probes[0]!.path.split("?")[0]!.slice(0, 60)}` : "";
  console.info(`${label}: ${[...statuses].sort(([a], [b]) => a - b).map(([s, n]) => `${s}×${n}`).join(" ")}`);
  return findings;
}

describe(`fuzzing (${RUNS} requests per operation)`, () => {
  let gh: TestGatehouse;
  const keys: string[] = [];
  // Keys of the targeted probes below, which the fuzz never uses, so its traffic cannot spend their limit.
  const ownKeys: string[] = [];

  beforeAll(async () => {
    gh = await startGatehouse();
    for (let i = 0; i < KEYS + 2; i++) {
      const res = await fetch(`${gh.url}/v1/keys`, {
        method: "POST",
        headers: { authorization: `Bearer ${gh.adminKey}`, "content-type": "application/json" },
        body: JSON.stringify({ name: `fuzz ${i}`, scopes: SCOPES, subject: `fuzzer-${i}` }),
      });
      (i < KEYS ? keys : ownKeys).push(((await res.json()) as { secret: string }).secret);
    }
  }, 60_000);

  afterAll(async () => {
    await gh?.close();
  });

  it.each(operations.map((o) => [`${o.method} ${o.path}`, o] as const))("%s", async (_name, { path, method, op }) => {
    const probes = fc.sample(probeArb(path, method, op, () => keys), { numRuns: RUNS });
    expect(await fire(gh.url, probes)).toEqual([]);
  }, 300_000);

  it("POST /mcp: JSON-RPC garbage and bad tool arguments", async () => {
    const auth = () => `Bearer ${keys[Math.floor(Math.random() * keys.length)]}`;
    const listed = await fetch(`${gh.url}/mcp`, {
      method: "POST",
      headers: { authorization: auth(), "content-type": "application/json", accept: "application/json, text/event-stream" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
    });
    const tools = ((await listed.json()) as { result: { tools: Array<{ name: string; inputSchema: Json }> } }).result.tools;
    expect(tools).toHaveLength(7);
    const call = fc.oneof(
      ...tools.map((t) =>
        fc.oneof(validish(t.inputSchema, resolve), badValue).map((args) => ({ name: t.name, arguments: args })),
      ),
      fc.record({ name: fc.oneof(fc.string(), oddString), arguments: badValue }),
    );
    const message = fc.oneof(
      fc.record({ jsonrpc: fc.constant("2.0"), id: fc.oneof(fc.integer(), fc.string(), fc.constant(null)), method: fc.constant("tools/call"), params: call }),
      fc.record({ jsonrpc: fc.constantFrom("2.0", "1.0", 2, null), id: badValue, method: fc.oneof(fc.constantFrom("tools/list", "initialize", "ping", "tools/call", "resources/list"), oddString), params: badValue }, { requiredKeys: [] }),
      fc.constantFrom({ jsonrpc: "2.0", method: "notifications/initialized" }, { jsonrpc: "2.0", id: 7, method: "tools/call", params: {} }),
    );
    const body = fc.oneof(
      { weight: 6, arbitrary: message.map(jsonText) },
      { weight: 2, arbitrary: fc.array(message, { minLength: 1, maxLength: 4 }).map(jsonText) },
      { weight: 1, arbitrary: rawGarbage },
      { weight: 1, arbitrary: badValue.map(jsonText) },
    );
    const probes = fc.sample(
      fc.record({ body, accept: fc.constantFrom("application/json, text/event-stream", "application/json", "*/*", "text/html") }),
      { numRuns: RUNS },
    ).map(({ body, accept }): Probe => ({ method: "POST", path: "/mcp", headers: { authorization: auth(), "content-type": "application/json", accept }, body }));
    expect(await fire(gh.url, probes, true)).toEqual([]);
  }, 300_000);

  it("refuses the probes that once answered 500: a payload nested 20,000 deep, timeout_seconds 1e12", async () => {
    const headers = { authorization: `Bearer ${ownKeys[1]}`, "content-type": "application/json" };
    const deep = `{"action":"db.write","payload":${'{"a":'.repeat(20_000)}1${"}".repeat(20_000)}}`;
    const probes: Probe[] = [
      { method: "POST", path: "/v1/checkpoints", headers, body: deep },
      { method: "POST", path: "/v1/checkpoints", headers, body: JSON.stringify({ action: "db.write", timeout_seconds: 1e12 }) },
      { method: "POST", path: "/v1/checkpoints", headers, body: JSON.stringify({ action: "db.write", timeout_seconds: 1.5 }) },
      { method: "POST", path: "/v1/secure/scan", headers, body: `{"content":"x","context":${"[".repeat(20_000)}${"]".repeat(20_000)}}` },
    ];
    expect(await fire(gh.url, probes)).toEqual([]);
    for (const probe of probes) {
      const res = await fetch(gh.url + probe.path, { method: probe.method, headers: probe.headers, body: probe.body });
      expect(res.status, probe.body!.slice(0, 60)).toBe(400);
    }
  });

  it("answers a body over 1 MiB with 413 in the error shape, with Content-Length and chunked", async () => {
    const big = JSON.stringify({ action: "x", payload: { blob: "a".repeat(1024 * 1024 + 10) } });
    const headers = { authorization: `Bearer ${ownKeys[0]}`, "content-type": "application/json" };
    const sized = await fetch(`${gh.url}/v1/checkpoints`, { method: "POST", headers, body: big });
    expect(sized.status).toBe(413);
    expect(await sized.json()).toEqual({ statusCode: 413, code: "PAYLOAD_TOO_LARGE", message: expect.any(String) });
    const chunks = new ReadableStream<Uint8Array>({
      start(controller) {
        const bytes = new TextEncoder().encode(big);
        for (let i = 0; i < bytes.length; i += 64 * 1024) controller.enqueue(bytes.subarray(i, i + 64 * 1024));
        controller.close();
      },
    });
    const chunked = await fetch(`${gh.url}/v1/checkpoints`, { method: "POST", headers, body: chunks, duplex: "half" } as RequestInit);
    expect(chunked.status).toBe(413);
    expect(await chunked.json()).toEqual({ statusCode: 413, code: "PAYLOAD_TOO_LARGE", message: expect.any(String) });
  });
});
