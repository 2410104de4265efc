import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Code, createClient } from "@connectrpc/connect";
import { createConnectTransport, createGrpcTransport } from "@connectrpc/connect-node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifyAuditChain } from "../../lib/audit/audit-chain.js";
import type { AuditEvent } from "../../lib/audit/audit-event.js";
import { create } from "@bufbuild/protobuf";
import * as grpc from "@grpc/grpc-js";
import { CallerSchema } from "../../gen/gatehouse/common/v1/common_pb.js";
import { GovernService, ListPoliciesRequestSchema, type ListPoliciesResponse } from "../../gen/gatehouse/govern/v1/govern_pb.js";
import { grpcJsCall, grpcJsClient, grpcJsError } from "../support/grpc-js-client.js";
import { INTERNAL_SECRET_HEADER } from "../../lib/rpc/internal-credentials.js";
import { freePort } from "../support/gatehouse.js";
import { exited, type GatehouseProcess, spawnGatehouse as serve, until } from "../support/gatehouse-process.js";
import { client, createKey } from "../support/http.js";
import { TEST_INTERNAL_SECRET } from "../support/internal-secret.js";
import { rpcError } from "../support/rpc-error.js";

describe("gatehouse serve auth|secure|govern|gateway as separate processes", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "gatehouse-split-"));
  const adminKey = "gh_split_admin_key_for_tests";
  const procs: GatehouseProcess[] = [];
  let url = "";
  let governUrl = "";

  beforeAll(async () => {
    const [authPort, securePort, governPort, httpPort] = [await freePort(), await freePort(), await freePort(), await freePort()];
    const common = { GATEHOUSE_DATA_DIR: dataDir, GATEHOUSE_LISTEN_HOST: "127.0.0.1", GATEHOUSE_INTERNAL_SECRETS: TEST_INTERNAL_SECRET };
    procs.push(serve("auth", { ...common, GATEHOUSE_GRPC_PORT: String(authPort), GATEHOUSE_BOOTSTRAP_KEY: adminKey }));
    procs.push(serve("secure", { ...common, GATEHOUSE_GRPC_PORT: String(securePort), GATEHOUSE_AUTH_URL: `http://127.0.0.1:${authPort}` }));
    procs.push(
      serve("govern", {
        ...common,
        GATEHOUSE_GRPC_PORT: String(governPort),
        GATEHOUSE_AUTH_URL: `http://127.0.0.1:${authPort}`,
        GATEHOUSE_SECURE_URL: `http://127.0.0.1:${securePort}`,
      }),
    );
    procs.push(
      serve("gateway", {
        ...common,
        GATEHOUSE_HTTP_PORT: String(httpPort),
        GATEHOUSE_AUTH_URL: `http://127.0.0.1:${authPort}`,
        GATEHOUSE_SECURE_URL: `http://127.0.0.1:${securePort}`,
        GATEHOUSE_GOVERN_URL: `http://127.0.0.1:${governPort}`,
      }),
    );
    url = `http://127.0.0.1:${httpPort}`;
    governUrl = `http://127.0.0.1:${governPort}`;
    try {
      await until(async () => (await fetch(`${url}/readyz`)).status === 200, 45_000);
    } catch (err) {
      throw new Error(`${String(err)}\n${procs.map((p) => p.output()).join("\n---\n")}`);
    }
  }, 60_000);

  afterAll(async () => {
    for (const p of procs) if (p.exitCode === null) p.kill("SIGKILL");
    rmSync(dataDir, { recursive: true, force: true });
  });


  it("serves the API through the gateway over gRPC", async () => {
    const api = client(url, adminKey);
    const created = await api.post("/v1/secure/rules", { name: "split", type: "tool_call", tool_names: ["db.drop*"] });
    expect(created.status).toBe(201);
    const listed = await api.get("/v1/secure/rules");
    expect(listed.body.rules.map((r: any) => r.id)).toContain(created.body.rule.id);
    const reader = await createKey(url, adminKey, { scopes: ["secure:rules:read"] });
    const forbidden = await client(url, reader).post("/v1/secure/rules", { name: "x", type: "tool_call" });
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.message).toContain("secure:rules:write");

    // Govern signs decisions through the auth process.
    const policy = await api.post("/v1/policies", { name: "auto", outcome: "approve", match: { actions: ["split.*"] } });
    expect(policy.status).toBe(201);
    const checkpoint = await api.post("/v1/checkpoints", { action: "split.go" });
    expect(checkpoint.body).toMatchObject({ status: "approved", decision_token: expect.any(String) });
    const verified = await api.post("/v1/decision-tokens/verify", { token: checkpoint.body.decision_token });
    expect(verified.body.valid).toBe(true);

    // The three service processes record into one audit trail: one chain, and it holds.
    const trail = await api.get("/v1/audit/events?limit=1000");
    expect(trail.body.events.map((e: AuditEvent) => e.type)).toEqual(
      expect.arrayContaining(["bootstrap", "rule.created", "key.created", "policy.created", "checkpoint.created", "decision_token.issued"]),
    );
    expect(verifyAuditChain(trail.body.events)).toMatchObject({ ok: true, count: trail.body.events.length });
  });

  it("authenticates every call reaching a service port: a forged caller is refused, a key is admitted", async () => {
    const forged = { workspaceId: "default", keyId: "key_forged", subject: "mallory", scopes: ["govern:policies:write"] };
    for (const transport of [createGrpcTransport({ baseUrl: governUrl }), createConnectTransport({ baseUrl: governUrl, httpVersion: "2" })]) {
      const govern = createClient(GovernService, transport);
      expect((await rpcError(govern.listPolicies({ caller: forged }))).connect).toBe(Code.Unauthenticated);
      const wrongSecret = govern.listPolicies({ caller: forged }, { headers: { [INTERNAL_SECRET_HEADER]: "not-the-internal-secret-of-this-deployment" } });
      expect((await rpcError(wrongSecret)).connect).toBe(Code.Unauthenticated);

      // A key is admitted by the auth process; a low-scope key cannot escalate through `caller`.
      const reader = await createKey(url, adminKey, { scopes: ["govern:checkpoints:read"] });
      const escalation = await rpcError(govern.createPolicy({ caller: forged, policy: { name: "x" } }, { headers: { authorization: `Bearer ${reader}` } }));
      expect(escalation).toMatchObject({ connect: Code.PermissionDenied, code: "FORBIDDEN" });
      expect(escalation.message).toContain("govern:policies:write");
      const listed = await govern.listPolicies({}, { headers: { authorization: `Bearer ${adminKey}` } });
      expect(listed.policies.map((p) => p.name)).toContain("auto");
    }
  });

  it("authenticates a @grpc/grpc-js client on a service port by its key", async () => {
    const govern = grpcJsClient(GovernService, governUrl.replace("http://", ""));
    try {
      const forged = create(CallerSchema, { workspaceId: "default", keyId: "key_forged", scopes: ["govern:policies:read"] });
      const req = create(ListPoliciesRequestSchema, { caller: forged });
      expect((await grpcJsError(grpcJsCall(govern, "ListPolicies", req))).code).toBe(grpc.status.UNAUTHENTICATED);
      const listed = await grpcJsCall<ListPoliciesResponse>(govern, "ListPolicies", req, { authorization: `Bearer ${adminKey}` });
      expect(listed.policies.map((p) => p.name)).toContain("auto");
    } finally {
      govern.close();
    }
  });

  it("carries the gateway's request id into the services' logs, and ignores a client's", async () => {
    const res = await client(url, adminKey).post("/v1/checkpoints", { action: "split.trace" }, { "x-request-id": "client-chosen-id" });
    expect(res.status).toBe(201);
    const id = res.headers.get("x-request-id")!;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const [auth, , govern] = procs;
    await until(async () => govern!.output().includes(id) && auth!.output().includes(id), 5_000);
    const line = govern!.output().split("\n").find((l) => l.includes(id) && l.includes("CreateCheckpoint"))!;
    expect(JSON.parse(line)).toMatchObject({ rpc: "gatehouse.govern.v1.GovernService/CreateCheckpoint", via: "internal", code: "ok" });
    const all = procs.map((p) => p.output()).join("\n");
    expect(all).not.toContain("client-chosen-id");
    expect(all).not.toContain(adminKey);
  });

  it("gates a checkpoint on a scan by the secure process, and signs a scan verdict through the auth process", async () => {
    const api = client(url, adminKey);
    const rule = await api.post("/v1/secure/rules", { name: "no drops", type: "prompt_pattern", action: "block", status: "active", custom_patterns: ["DROP TABLE"] });
    expect(rule.status).toBe(201);
    const policy = await api.post("/v1/policies", { name: "gated", outcome: "approve", match: { actions: ["gated.*"] }, scan: { on_block: "block", on_flag: "ignore" } });
    expect(policy.status, JSON.stringify(policy.body)).toBe(201);
    const blocked = await api.post("/v1/checkpoints", { action: "gated.run", reasoning: "DROP TABLE users" });
    expect(blocked.body).toMatchObject({ status: "blocked" });
    expect(blocked.body.evals.find((e: any) => e.policy_id === policy.body.policy.id).scan).toMatchObject({ verdict: "block", effect: "blocked" });

    const scan = await api.post("/v1/secure/scan", { content: "hello", sign: true });
    expect(scan.status, JSON.stringify(scan.body)).toBe(200);
    const verified = await api.post("/v1/secure/verdict-tokens/verify", { token: scan.body.verdict_token, content: "hello" });
    expect(verified.body).toMatchObject({ valid: true, claims: { sub: scan.body.scan_id } });
  });

  it("drains and exits 0 on SIGTERM", async () => {
    for (const p of [...procs].reverse()) {
      p.kill("SIGTERM");
      expect(await exited(p)).toBe(0);
    }
  }, 30_000);
});

describe("a component running on its own without the internal secret", () => {
  it("refuses to start, naming the variable", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "gatehouse-split-"));
    try {
      const child = serve("secure", { GATEHOUSE_DATA_DIR: dataDir, GATEHOUSE_GRPC_PORT: String(await freePort()), GATEHOUSE_INTERNAL_SECRETS: "" });
      expect(await exited(child)).toBe(78);
      expect(child.output()).toContain("GATEHOUSE_INTERNAL_SECRETS");
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it("starts with the explicit development flag, warning loudly", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "gatehouse-split-"));
    const child = serve("secure", {
      GATEHOUSE_DATA_DIR: dataDir,
      GATEHOUSE_GRPC_PORT: String(await freePort()),
      GATEHOUSE_LISTEN_HOST: "127.0.0.1",
      GATEHOUSE_INTERNAL_SECRETS: "",
      GATEHOUSE_INSECURE_INTERNAL: "true",
    });
    try {
      await until(async () => child.output().includes("rpc server listening"), 20_000);
      expect(child.output()).toMatch(/"level":40.*INSECURE: internal calls are not authenticated/);
    } finally {
      child.kill("SIGTERM");
      await exited(child);
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 30_000);
});
