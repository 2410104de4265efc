import { Code, createClient, type Transport } from "@connectrpc/connect";
import { createConnectTransport, createGrpcTransport } from "@connectrpc/connect-node";
import { create } from "@bufbuild/protobuf";
import * as grpc from "@grpc/grpc-js";
import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Writable } from "node:stream";
import { promisify } from "node:util";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AuthService } from "../../gen/gatehouse/auth/v1/auth_pb.js";
import { CallerSchema } from "../../gen/gatehouse/common/v1/common_pb.js";
import {
  CreatePolicyRequestSchema,
  GovernService,
  ListCheckpointsRequestSchema,
  type ListCheckpointsResponse,
  PolicyOutcome,
} from "../../gen/gatehouse/govern/v1/govern_pb.js";
import { SecureService } from "../../gen/gatehouse/secure/v1/secure_pb.js";
import { Health, HealthCheckResponse_ServingStatus } from "../../gen/grpc/health/v1/health_pb.js";
import { INTERNAL_SECRET_HEADER } from "../../lib/rpc/internal-credentials.js";
import { startGatehouse, type TestGatehouse } from "../support/gatehouse.js";
import { grpcJsCall, grpcJsClient, grpcJsError } from "../support/grpc-js-client.js";
import { client, createKey } from "../support/http.js";
import { TEST_INTERNAL_SECRET } from "../support/internal-secret.js";
import { rpcError } from "../support/rpc-error.js";

const ROOT = join(import.meta.dirname, "..", "..");
const bearer = (key: string) => ({ headers: { authorization: `Bearer ${key}` } });
const forged = { workspaceId: "default", keyId: "key_forged", subject: "mallory", scopes: ["admin:keys:write", "admin:keys:read", "admin:workspaces:write"] };

describe("the gRPC port of `gatehouse serve` (all in one process)", () => {
  let gh: TestGatehouse;
  const logLines: string[] = [];
  beforeAll(async () => {
    const sink = new Writable({
      write(chunk: Buffer, _enc, done) {
        logLines.push(...chunk.toString("utf8").split("\n").filter(Boolean));
        done();
      },
    });
    // Listening on every address for HTTP, as `npm start` does; gRPC must stay on loopback.
    gh = await startGatehouse({ env: { GATEHOUSE_LISTEN_HOST: "0.0.0.0", GATEHOUSE_INTERNAL_SECRETS: TEST_INTERNAL_SECRET }, logger: pino({ level: "info" }, sink) });
  });
  afterAll(() => gh.close());

  const base = () => `http://127.0.0.1:${gh.grpcPort}`;
  const transports: [string, () => Transport][] = [
    ["gRPC", () => createGrpcTransport({ baseUrl: base() })],
    ["Connect", () => createConnectTransport({ baseUrl: base(), httpVersion: "2" })],
  ];

  it("binds to loopback unless GATEHOUSE_GRPC_HOST says otherwise", () => {
    expect(gh.grpcHost).toBe("127.0.0.1");
  });

  for (const [name, transport] of transports) {
    describe(`with a ${name} client`, () => {
      it("refuses a call without credentials, whatever caller it carries", async () => {
        const auth = createClient(AuthService, transport());
        const created = await rpcError(auth.createKey({ caller: forged, name: "evil", scopes: ["admin:keys:write"] }));
        expect(created).toMatchObject({ connect: Code.Unauthenticated, code: "UNAUTHORIZED" });
        expect((await rpcError(auth.listKeys({ caller: forged }))).connect).toBe(Code.Unauthenticated);
        const wrongSecret = auth.listKeys({ caller: forged }, { headers: { [INTERNAL_SECRET_HEADER]: "guess-guess-guess-guess-guess-guess" } });
        expect((await rpcError(wrongSecret)).connect).toBe(Code.Unauthenticated);
      });

      it("refuses an unknown, revoked or disallowed-IP key with UNAUTHENTICATED", async () => {
        const secure = createClient(SecureService, transport());
        expect((await rpcError(secure.listRules({}, bearer("gh_not_a_key")))).connect).toBe(Code.Unauthenticated);

        const admin = client(gh.url, gh.adminKey);
        const made = await admin.post("/v1/keys", { name: "short-lived", scopes: ["secure:rules:read"] });
        expect((await secure.listRules({}, bearer(made.body.secret))).rules.length).toBeGreaterThan(0);
        expect((await admin.post(`/v1/keys/${made.body.key.id}/revoke`)).status).toBe(200);
        expect((await rpcError(secure.listRules({}, bearer(made.body.secret)))).connect).toBe(Code.Unauthenticated);

        const elsewhere = await createKey(gh.url, gh.adminKey, { scopes: ["secure:rules:read"], allowed_ips: ["203.0.113.0/24"] });
        expect((await rpcError(secure.listRules({}, bearer(elsewhere)))).connect).toBe(Code.Unauthenticated);
      });

      it("answers PERMISSION_DENIED naming the missing scope, and a richer caller does not help", async () => {
        const reader = await createKey(gh.url, gh.adminKey, { scopes: ["govern:checkpoints:read"] });
        const govern = createClient(GovernService, transport());
        const denied = await rpcError(govern.createPolicy({ caller: forged, policy: { name: "x" } }, bearer(reader)));
        expect(denied).toMatchObject({ connect: Code.PermissionDenied, code: "FORBIDDEN" });
        expect(denied.message).toBe("missing scope govern:policies:write");

        const escalation = await rpcError(createClient(AuthService, transport()).createKey({ caller: forged, name: "evil", scopes: ["admin:keys:write"] }, bearer(reader)));
        expect(escalation.connect).toBe(Code.PermissionDenied);
        expect(escalation.message).toContain("admin:keys:write");
      });

      it("derives the caller from the key: another workspace's caller in the body changes nothing", async () => {
        const ws = await client(gh.url, gh.adminKey).post("/v1/workspaces", { name: `other-${name}` });
        const otherAdmin = await createKey(gh.url, gh.adminKey, {
          scopes: ["govern:policies:read", "govern:policies:write"],
          workspace_id: ws.body.workspace.id,
        });
        const govern = createClient(GovernService, transport());
        const made = await govern.createPolicy({ caller: forged, policy: { name: `only-in-other-${name}`, outcome: PolicyOutcome.APPROVE } }, bearer(otherAdmin));
        expect(made.policy?.workspaceId).toBe(ws.body.workspace.id);
        const inDefault = await govern.listPolicies({}, bearer(gh.adminKey));
        expect(inDefault.policies.map((p) => p.name)).not.toContain(`only-in-other-${name}`);
      });

      it("keeps internal-only RPCs from API keys and serves public ones to anybody", async () => {
        const auth = createClient(AuthService, transport());
        const sign = await rpcError(auth.signDecision({ audience: "default", subject: "cp_forged" }, bearer(gh.adminKey)));
        expect(sign.connect).toBe(Code.PermissionDenied);
        expect((await rpcError(auth.authorize({ apiKey: gh.adminKey }))).connect).toBe(Code.Unauthenticated);
        expect((await auth.getJwks({})).keys.length).toBeGreaterThan(0);
        const health = await createClient(Health, transport()).check({ service: GovernService.typeName });
        expect(health.status).toBe(HealthCheckResponse_ServingStatus.SERVING);
      });

      it("lets a Gatehouse component holding the internal secret assert the caller", async () => {
        const caller = create(CallerSchema, { workspaceId: "default", keyId: "key_component", subject: "component" });
        const res = await createClient(SecureService, transport()).listRules({ caller }, { headers: { [INTERNAL_SECRET_HEADER]: TEST_INTERNAL_SECRET } });
        expect(res.rules.length).toBeGreaterThan(0);
      });
    });
  }

  describe("with a @grpc/grpc-js client", () => {
    it("authenticates by `authorization` metadata and refuses a forged caller", async () => {
      const govern = grpcJsClient(GovernService, `127.0.0.1:${gh.grpcPort}`);
      try {
        const req = create(ListCheckpointsRequestSchema, { caller: forged });
        expect((await grpcJsError(grpcJsCall(govern, "ListCheckpoints", req))).code).toBe(grpc.status.UNAUTHENTICATED);
        const listed = await grpcJsCall<ListCheckpointsResponse>(govern, "ListCheckpoints", req, { authorization: `Bearer ${gh.adminKey}` });
        expect(Array.isArray(listed.checkpoints)).toBe(true);
        const reader = await createKey(gh.url, gh.adminKey, { scopes: ["govern:checkpoints:read"] });
        const denied = await grpcJsError(
          grpcJsCall(govern, "CreatePolicy", create(CreatePolicyRequestSchema, { caller: forged, policy: { name: "x" } }), { authorization: `Bearer ${reader}` }),
        );
        expect(denied.code).toBe(grpc.status.PERMISSION_DENIED);
      } finally {
        govern.close();
      }
    });
  });

  it("meters gRPC calls in the key's shared rate limit", async () => {
    // The budget is a sliding window over minute-aligned counts: calls that straddle a minute's
    // end are partly counted in the previous minute, and a few more would pass. Start well inside one.
    const intoMinute = Date.now() % 60_000;
    if (intoMinute > 45_000) await new Promise((r) => setTimeout(r, 60_500 - intoMinute));
    const key = await createKey(gh.url, gh.adminKey, { scopes: ["secure:rules:read"] });
    const secure = createClient(SecureService, createGrpcTransport({ baseUrl: base() }));
    // REST and gRPC draw on one budget of 600 a minute.
    for (let i = 0; i < 300; i++) expect((await client(gh.url, key).get("/v1/secure/libraries")).status).toBe(200);
    const results = await Promise.all(Array.from({ length: 310 }, () => rpcError(secure.listLibraries({}, bearer(key))).catch(() => undefined)));
    const limited = results.filter((r) => r?.code === "RATE_LIMITED");
    expect(limited.length).toBe(10);
    expect(limited[0]!.connect).toBe(Code.ResourceExhausted);
  }, 60_000);

  it("runs the README's gRPC example with a key", async () => {
    const readme = readFileSync(join(ROOT, "README.md"), "utf8");
    const block = /<!-- tested: grpc-example -->\s*```sh\n([\s\S]*?)```/.exec(readme)?.[1];
    expect(block, "README has the gRPC example block").toBeTruthy();
    const script = block!.replaceAll("localhost:50051", `127.0.0.1:${gh.grpcPort}`);
    const { stdout } = await promisify(execFile)("bash", ["-euo", "pipefail", "-c", script], { env: { ...process.env, KEY: gh.adminKey }, timeout: 20_000 });
    const answers = stdout.trim().split("\n").map((l) => JSON.parse(l) as Record<string, any>);
    expect(answers[0]!.checkpoint).toMatchObject({ action: "payments.send", status: "CHECKPOINT_STATUS_PENDING" });
  });

  it("logs every gRPC call like a REST request, and no line repeats a key", async () => {
    const calls = logLines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => l.msg === "rpc call");
    expect(calls.length).toBeGreaterThan(20);
    const refused = calls.find((l) => l.rpc === "gatehouse.auth.v1.AuthService/CreateKey" && l.code === "unauthenticated");
    expect(refused).toMatchObject({ via: "none", reqId: expect.stringMatching(/^[0-9a-f-]{36}$/), durationMs: expect.any(Number) });
    const admitted = calls.find((l) => l.via === "api_key" && l.code === "ok");
    expect(admitted).toMatchObject({ keyId: expect.stringMatching(/^key_/), rpc: expect.any(String) });
    const denied = calls.find((l) => l.code === "permission_denied" && l.rpc === "gatehouse.auth.v1.AuthService/CreateKey");
    expect(denied).toMatchObject({ via: "api_key", keyId: expect.stringMatching(/^key_/) });
    expect(new Set(calls.map((l) => l.reqId)).size).toBe(calls.length);
    const all = logLines.join("\n");
    expect(all).not.toContain(gh.adminKey);
    expect(all).not.toContain(TEST_INTERNAL_SECRET);
  });
});
