import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { main as gatewayMain } from "../../gateway/main.js";
import { loadConfig } from "../../lib/config.js";
import { silentLogger } from "../../lib/logger.js";
import { freePort, startGatehouse, type TestGatehouse } from "../support/gatehouse.js";
import { client } from "../support/http.js";
import { TEST_INTERNAL_SECRET } from "../support/internal-secret.js";

function expectError(res: { status: number; body: any }, status: number, code: string) {
  expect(res.status).toBe(status);
  expect(res.body).toEqual({ statusCode: status, code, message: expect.any(String) });
}

describe("error shape for every failure", () => {
  let gh: TestGatehouse;
  beforeAll(async () => {
    gh = await startGatehouse();
  });
  afterAll(async () => gh?.close());

  it("400 INVALID_JSON for a body that is not JSON", async () => {
    const res = await client(gh.url, gh.adminKey).post("/v1/secure/rules", "{not json");
    expectError(res, 400, "INVALID_JSON");
  });

  it("400 VALIDATION_ERROR naming an unknown field", async () => {
    const res = await client(gh.url, gh.adminKey).post("/v1/secure/rules", { name: "r", type: "tool_call", colour: "red" });
    expectError(res, 400, "VALIDATION_ERROR");
    expect(res.body.message).toContain("colour");
  });

  it("400 VALIDATION_ERROR naming a missing field", async () => {
    const res = await client(gh.url, gh.adminKey).post("/v1/secure/rules", { type: "tool_call" });
    expectError(res, 400, "VALIDATION_ERROR");
    expect(res.body.message).toContain("name");
  });

  it("413 PAYLOAD_TOO_LARGE over 1 MiB", async () => {
    const big = JSON.stringify({ name: "x".repeat(1024 * 1024), type: "tool_call" });
    expectError(await client(gh.url, gh.adminKey).post("/v1/secure/rules", big), 413, "PAYLOAD_TOO_LARGE");
  });

  it("415 UNSUPPORTED_MEDIA_TYPE for a body that is not JSON-typed", async () => {
    const res = await client(gh.url, gh.adminKey).post("/v1/secure/rules", "name=x", { "content-type": "text/plain" });
    expectError(res, 415, "UNSUPPORTED_MEDIA_TYPE");
  });

  it("400 VALIDATION_ERROR for a URL the router cannot take apart: bad percent-encoding, an id over any limit", async () => {
    const api = client(gh.url, gh.adminKey);
    expectError(await api.get("/v1/secure/rules/%zz"), 400, "VALIDATION_ERROR");
    expectError(await api.get(`/v1/secure/rules/${"x".repeat(300)}`), 400, "VALIDATION_ERROR");
    expectError(await api.get(`/v1/secure/rules/${"x".repeat(600)}`), 400, "VALIDATION_ERROR");
  });

  it("404 NOT_FOUND for unknown routes and unknown IDs", async () => {
    expectError(await client(gh.url, gh.adminKey).get("/v1/nothing-here"), 404, "NOT_FOUND");
    expectError(await client(gh.url, gh.adminKey).get("/v1/secure/rules/rule_doesnotexist"), 404, "NOT_FOUND");
  });

  it("405 METHOD_NOT_ALLOWED with Allow for a known path", async () => {
    const res = await client(gh.url, gh.adminKey).send("DELETE", "/v1/secure/rules");
    expectError(res, 405, "METHOD_NOT_ALLOWED");
    expect(res.headers.get("allow")).toContain("POST");
  });

  it("serves health, readiness, OpenAPI and JWKS without a key", async () => {
    const anon = client(gh.url);
    expect((await anon.get("/healthz")).body).toEqual({ status: "ok" });
    const ready = await anon.get("/readyz");
    expect(ready.status).toBe(200);
    expect(ready.body.services).toMatchObject({ auth: "serving", secure: "serving" });
    expect(ready.body.bus).toBe("connected");
    const doc = await anon.get("/openapi.json");
    expect(doc.body.openapi).toBe("3.1.0");
    expect(Object.keys(doc.body.paths)).toEqual(expect.arrayContaining(["/v1/secure/rules", "/v1/secure/rules/{id}", "/v1/keys"]));
    const ref: string = doc.body.paths["/v1/secure/rules"].post.requestBody.content["application/json"].schema.$ref;
    expect(ref).toBe("#/components/schemas/CreateRuleBody");
    expect(doc.body.components.schemas.CreateRuleBody.required).toEqual(["name", "type"]);
    expect(doc.body.paths["/v1/secure/rules"].post["x-required-scope"]).toBe("secure:rules:write");
    expect(Object.keys(doc.body.paths)).toEqual(expect.arrayContaining(["/v1/checkpoints", "/v1/checkpoints/{id}/wait", "/v1/secure/scan", "/v1/policies/active"]));
    const jwks = await anon.get("/.well-known/jwks.json");
    expect(jwks.status).toBe(200);
    expect(jwks.body.keys[0]).toMatchObject({ kty: "EC", crv: "P-256", alg: "ES256", use: "sig", kid: expect.any(String) });
    expect(jwks.body.keys[0]).not.toHaveProperty("d");
  });
});

describe("a backend that is down", () => {
  it("answers 503 UNAVAILABLE, and /readyz says so", async () => {
    const deadPort = await freePort();
    const gateway = await gatewayMain(
      loadConfig({
        GATEHOUSE_INTERNAL_SECRETS: TEST_INTERNAL_SECRET,
        GATEHOUSE_HTTP_PORT: "0",
        GATEHOUSE_LISTEN_HOST: "127.0.0.1",
        GATEHOUSE_AUTH_URL: `http://127.0.0.1:${deadPort}`,
        GATEHOUSE_SECURE_URL: `http://127.0.0.1:${deadPort}`,
      }),
      silentLogger(),
    );
    try {
      const url = `http://127.0.0.1:${gateway.port}`;
      const res = await client(url, "gh_whatever").get("/v1/secure/rules");
      expectError(res, 503, "UNAVAILABLE");
      expect(res.body.message).not.toMatch(/ECONNREFUSED|127\.0\.0\.1/);
      expectError(await client(url).get("/readyz"), 503, "UNAVAILABLE");
      expect((await client(url).get("/healthz")).status).toBe(200);
    } finally {
      await gateway.close();
    }
  });
});

describe("metrics", () => {
  it("exposes Prometheus metrics by route template", async () => {
    const gh = await startGatehouse();
    try {
      await client(gh.url, gh.adminKey).get("/v1/secure/rules");
      const res = await fetch(`${gh.url}/metrics`);
      expect(res.status).toBe(200);
      const text = await res.text();
      expect(text).toMatch(/gatehouse_http_requests_total\{method="GET",route="\/v1\/secure\/rules",status="200"\} 1/);
      expect(text).toContain("gatehouse_http_request_duration_seconds_bucket");
    } finally {
      await gh.close();
    }
  });
});
