import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startGatehouse, type TestGatehouse } from "../support/gatehouse.js";

const run = promisify(execFile);
const root = fileURLToPath(new URL("../../", import.meta.url));
const bin = (name: string) => join(root, "node_modules/.bin", name);

type Json = Record<string, any>;

// What a generated client can lean on: typed bodies, statuses and headers.
const CLIENT_USAGE = `
import type { components, paths } from "./api.js";

type Created = paths["/v1/checkpoints"]["post"]["responses"][201]["content"]["application/json"];
export const status: Created["status"] = "pending";
type Held = paths["/v1/checkpoints/{id}/wait"]["get"]["responses"][202]["content"]["application/json"];
export const held: Held["checkpoint_id"] = "cp_1";
export const error: components["schemas"]["Error"] = { statusCode: 409, code: "ALREADY_VOTED", message: "already voted" };
type Limited = paths["/v1/checkpoints"]["post"]["responses"][429]["headers"];
export const retryAfter: Limited["Retry-After"] = 1;
type Replayed = paths["/v1/checkpoints"]["post"]["responses"][201]["headers"]["Idempotent-Replayed"];
export const replayed: Replayed = "true";
type Versioned = paths["/v1/secure/rules/{id}"]["patch"]["responses"][412]["content"]["application/json"];
export const mismatch: Versioned["code"] = "VERSION_MISMATCH";
`;

describe("the OpenAPI document", () => {
  let gh: TestGatehouse;
  let doc: Json;
  let dir: string;

  beforeAll(async () => {
    gh = await startGatehouse();
    doc = (await (await fetch(`${gh.url}/openapi.json`)).json()) as Json;
    dir = mkdtempSync(join(tmpdir(), "gatehouse-openapi-"));
    writeFileSync(join(dir, "openapi.json"), JSON.stringify(doc));
  });

  afterAll(async () => {
    await gh?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("passes Redocly's recommended lint", async () => {
    const { stdout } = await run(bin("redocly"), ["lint", "--config", join(root, "redocly.yaml"), "--format=json", join(dir, "openapi.json")], {
      env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" },
    });
    const report = JSON.parse(stdout) as { totals: { errors: number; warnings: number }; problems: Array<{ ruleId: string; message: string }> };
    expect(report.problems.map((p) => `${p.ruleId}: ${p.message}`)).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
  }, 60_000);

  it("generates a typed client with openapi-typescript that type-checks against real use", async () => {
    await run(bin("openapi-typescript"), [join(dir, "openapi.json"), "-o", join(dir, "api.d.ts")]);
    writeFileSync(join(dir, "usage.ts"), CLIENT_USAGE);
    writeFileSync(join(dir, "package.json"), JSON.stringify({ type: "module" }));
    await run(bin("tsc"), ["--noEmit", "--strict", "--target", "es2022", "--module", "nodenext", "--moduleResolution", "nodenext", join(dir, "usage.ts")]);
  }, 60_000);

  it("describes the error body once, as Error, without referring to itself", () => {
    const error = doc.components.schemas.Error as Json;
    expect(error.$ref).toBeUndefined();
    expect(error.required).toEqual(["statusCode", "code", "message"]);
    expect(JSON.stringify(doc)).not.toContain('"ErrorBody"');
  });

  it("lists every status an operation can answer, with the headers each carries", () => {
    const op = (path: string, method: string) => doc.paths[path][method] as Json;
    const create = op("/v1/checkpoints", "post").responses as Json;
    expect(Object.keys(create)).toEqual(["201", "400", "401", "403", "409", "413", "415", "422", "429", "500", "503"]);
    expect(Object.keys(create["201"].headers)).toEqual(expect.arrayContaining(["X-Request-Id", "RateLimit", "RateLimit-Policy", "Idempotent-Replayed"]));
    expect(Object.keys(create["429"].headers)).toEqual(expect.arrayContaining(["Retry-After", "RateLimit"]));
    expect(Object.keys(create["401"].headers)).toContain("WWW-Authenticate");
    expect(create["503"].headers["Retry-After"]).toBeDefined();
    expect(create["409"].description).toContain("IDEMPOTENCY_IN_PROGRESS");

    expect(Object.keys(op("/v1/checkpoints/{id}/wait", "get").responses)).toEqual(expect.arrayContaining(["200", "202", "404", "429"]));
    expect(op("/v1/checkpoints/{id}", "get").responses["429"].description).toContain("POLL_TOO_FREQUENT");
    const decide = op("/v1/checkpoints/{id}/decisions", "post").responses as Json;
    expect(decide["403"].description).toContain("NOT_A_REVIEWER");
    expect(decide["409"].description).toEqual(expect.stringContaining("ALREADY_VOTED"));
    const update = op("/v1/secure/rules/{id}", "patch").responses as Json;
    expect(update["412"].description).toContain("VERSION_MISMATCH");
    expect(update["409"].description).toContain("BUILT_IN_RULE_IMMUTABLE");
    expect(update["200"].headers.ETag).toBeDefined();
    expect(Object.keys(op("/readyz", "get").responses)).toEqual(["200", "500", "503"]);

    // Every answer of every operation carries the request id.
    for (const [path, methods] of Object.entries(doc.paths as Json)) {
      for (const [method, operation] of Object.entries(methods as Json)) {
        for (const [status, response] of Object.entries((operation as Json).responses as Json)) {
          expect((response as Json).headers?.["X-Request-Id"], `${method} ${path} ${status}`).toBeDefined();
        }
      }
    }
  });

  it("describes /mcp, /metrics, the health endpoints and /docs", () => {
    expect(doc.paths["/mcp"].post.requestBody.content["application/json"].schema.$ref).toBe("#/components/schemas/JsonRpcMessage");
    expect(Object.keys(doc.paths["/mcp"].post.responses)).toEqual(expect.arrayContaining(["200", "202", "401", "429"]));
    expect(doc.paths["/metrics"].get.responses["200"].content["text/plain"]).toBeDefined();
    expect(doc.paths["/healthz"].get).toBeDefined();
    expect(doc.paths["/readyz"].get.responses["200"].content["application/json"].schema.properties.bus.enum).toEqual(["connected", "degraded", "none"]);
    expect(doc.paths["/docs"].get.responses["200"].content["text/html"]).toBeDefined();
  });
});

describe("the docs page", () => {
  let gh: TestGatehouse;
  beforeAll(async () => {
    gh = await startGatehouse();
  });
  afterAll(async () => {
    await gh?.close();
  });

  it("renders the document with assets served by the gateway itself, under a CSP that forbids any other origin", async () => {
    const page = await fetch(`${gh.url}/docs`);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toContain("text/html");
    expect(page.headers.get("content-security-policy")).toContain("default-src 'none'");
    const html = await page.text();
    const refs = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(refs.length).toBeGreaterThanOrEqual(4);
    for (const ref of refs) {
      expect(ref, "same-origin asset").toMatch(/^\/docs\//);
      const asset = await fetch(`${gh.url}${ref}`);
      expect(asset.status, ref).toBe(200);
      expect(asset.headers.get("content-type"), ref).toMatch(/^(text\/css|text\/javascript|image\/png)/);
      expect((await asset.arrayBuffer()).byteLength, ref).toBeGreaterThan(100);
    }
    expect(await (await fetch(`${gh.url}/docs/init.js`)).text()).toContain('url: "/openapi.json"');
    expect((await fetch(`${gh.url}/docs/package.json`)).status).toBe(404);
    expect((await fetch(`${gh.url}/docs/toString`)).status).toBe(404);
  });
});
