import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startGatehouse, type TestGatehouse } from "../support/gatehouse.js";
import { client, createKey } from "../support/http.js";

function expectError(res: { status: number; body: any }, status: number, code: string) {
  expect(res.status).toBe(status);
  expect(res.body).toEqual({ statusCode: status, code, message: expect.any(String) });
}

describe("authentication and admission over HTTP", () => {
  let gh: TestGatehouse;
  beforeAll(async () => {
    gh = await startGatehouse();
  });
  afterAll(async () => gh?.close());

  it("answers 401 with WWW-Authenticate for a missing, malformed or unknown key", async () => {
    for (const headers of [{} as Record<string, string>, { authorization: "Basic abc" }, { authorization: "Bearer" }, { authorization: "Bearer gh_nope" }]) {
      const res = await client(gh.url).get("/v1/secure/rules", headers);
      expectError(res, 401, "UNAUTHORIZED");
      expect(res.headers.get("www-authenticate")).toMatch(/^Bearer/);
    }
  });

  it("answers 403 FORBIDDEN naming the missing scope", async () => {
    const key = await createKey(gh.url, gh.adminKey, { scopes: ["secure:rules:read"] });
    const res = await client(gh.url, key).post("/v1/secure/rules", { name: "x", type: "tool_call" });
    expectError(res, 403, "FORBIDDEN");
    expect(res.body.message).toContain("secure:rules:write");
    expect((await client(gh.url, key).get("/v1/secure/rules")).status).toBe(200);
  });

  it("creates a key whose secret is shown once and never listed", async () => {
    const admin = client(gh.url, gh.adminKey);
    const created = await admin.post("/v1/keys", { name: "ci bot", scopes: ["secure:rules:read"], subject: "ci@example.com" });
    expect(created.status).toBe(201);
    expect(created.body.secret).toMatch(/^gh_/);
    expect(created.body.key).toMatchObject({ name: "ci bot", subject: "ci@example.com", scopes: ["secure:rules:read"], revoked_at: null });
    const listed = await admin.get("/v1/keys");
    expect(listed.status).toBe(200);
    const text = JSON.stringify(listed.body);
    expect(text).not.toContain(created.body.secret);
    expect(listed.body.keys.map((k: any) => k.id)).toContain(created.body.key.id);
  });

  it("refuses to grant a scope the creating key lacks", async () => {
    const keyAdmin = await createKey(gh.url, gh.adminKey, { scopes: ["admin:keys:write", "secure:rules:read"] });
    const res = await client(gh.url, keyAdmin).post("/v1/keys", { name: "escalate", scopes: ["secure:rules:write"] });
    expectError(res, 403, "FORBIDDEN");
    expect(res.body.message).toContain("secure:rules:write");
  });

  it("validates key bodies, naming the field", async () => {
    const admin = client(gh.url, gh.adminKey);
    const unknownScope = await admin.post("/v1/keys", { name: "k", scopes: ["root"] });
    expectError(unknownScope, 400, "VALIDATION_ERROR");
    expect(unknownScope.body.message).toContain("scopes[0]");
    const badIp = await admin.post("/v1/keys", { name: "k", scopes: ["secure:rules:read"], allowed_ips: ["10.0.0.0/8", "not-an-ip"] });
    expectError(badIp, 400, "VALIDATION_ERROR");
    expect(badIp.body.message).toContain("allowed_ips[1]");
  });

  it("revocation takes effect on the next request", async () => {
    const admin = client(gh.url, gh.adminKey);
    const created = await admin.post("/v1/keys", { name: "short-lived", scopes: ["secure:rules:read"] });
    const key = client(gh.url, created.body.secret);
    expect((await key.get("/v1/secure/rules")).status).toBe(200);
    const revoked = await admin.post(`/v1/keys/${created.body.key.id}/revoke`);
    expect(revoked.status).toBe(200);
    expect(revoked.body.key.revoked_at).toEqual(expect.any(String));
    expectError(await key.get("/v1/secure/rules"), 401, "UNAUTHORIZED");
  });

  it("enforces allowed_ips for IPv4 and IPv6 CIDRs", async () => {
    const elsewhere = await createKey(gh.url, gh.adminKey, { scopes: ["secure:rules:read"], allowed_ips: ["10.0.0.0/8", "2001:db8::/32"] });
    expectError(await client(gh.url, elsewhere).get("/v1/secure/rules"), 401, "UNAUTHORIZED");
    const local = await createKey(gh.url, gh.adminKey, { scopes: ["secure:rules:read"], allowed_ips: ["2001:db8::/32", "127.0.0.0/8"] });
    expect((await client(gh.url, local).get("/v1/secure/rules")).status).toBe(200);
  });

  it("ignores X-Forwarded-For unless the proxy is trusted", async () => {
    const key = await createKey(gh.url, gh.adminKey, { scopes: ["secure:rules:read"], allowed_ips: ["203.0.113.0/24"] });
    const res = await client(gh.url, key).get("/v1/secure/rules", { "x-forwarded-for": "203.0.113.7" });
    expectError(res, 401, "UNAUTHORIZED");
  });

  it("isolates workspaces: another workspace's IDs are 404", async () => {
    const admin = client(gh.url, gh.adminKey);
    const ws = await admin.post("/v1/workspaces", { name: "Other team" });
    expect(ws.status).toBe(201);
    expect(ws.body.workspace).toMatchObject({ name: "Other team", id: expect.any(String) });
    const otherKey = await createKey(gh.url, gh.adminKey, {
      scopes: ["secure:rules:read", "secure:rules:write", "admin:keys:write", "admin:keys:read"],
      workspace_id: ws.body.workspace.id,
    });
    const other = client(gh.url, otherKey);
    const mine = await admin.post("/v1/secure/rules", { name: "mine", type: "tool_call", tool_names: ["shell.*"] });
    expect(mine.status).toBe(201);
    expectError(await other.get(`/v1/secure/rules/${mine.body.rule.id}`), 404, "NOT_FOUND");
    expectError(await other.patch(`/v1/secure/rules/${mine.body.rule.id}`, { name: "theirs" }), 404, "NOT_FOUND");
    const theirRules = await other.get("/v1/secure/rules");
    expect(theirRules.body.rules.map((r: any) => r.id)).not.toContain(mine.body.rule.id);
    const adminKeys = await admin.get("/v1/keys");
    const someAdminKey = adminKeys.body.keys[0].id;
    expectError(await other.post(`/v1/keys/${someAdminKey}/revoke`), 404, "NOT_FOUND");
    expect((await other.get("/v1/keys")).body.keys.map((k: any) => k.id)).not.toContain(someAdminKey);
  });

  it("sends RateLimit headers on every keyed response", async () => {
    const key = await createKey(gh.url, gh.adminKey, { scopes: ["secure:rules:read"] });
    const res = await client(gh.url, key).get("/v1/secure/rules");
    expect(res.headers.get("ratelimit-policy")).toBe('"default";q=600;w=60');
    expect(res.headers.get("ratelimit")).toMatch(/^"default";r=599;t=\d+$/);
  });
});

describe("X-Forwarded-For from a trusted proxy", () => {
  let gh: TestGatehouse;
  beforeAll(async () => {
    gh = await startGatehouse({ env: { GATEHOUSE_TRUSTED_PROXIES: "127.0.0.1" } });
  });
  afterAll(async () => gh?.close());

  it("uses the forwarded client address for allow-lists", async () => {
    const key = await createKey(gh.url, gh.adminKey, { scopes: ["secure:rules:read"], allowed_ips: ["203.0.113.0/24"] });
    expect((await client(gh.url, key).get("/v1/secure/rules", { "x-forwarded-for": "203.0.113.7" })).status).toBe(200);
    expect((await client(gh.url, key).get("/v1/secure/rules", { "x-forwarded-for": "198.51.100.1" })).status).toBe(401);
  });
});
