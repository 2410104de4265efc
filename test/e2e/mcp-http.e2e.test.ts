import { randomUUID } from "node:crypto";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ErrorCode, McpError, type Progress } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startGatehouse, type TestGatehouse } from "../support/gatehouse.js";
import { client, createKey } from "../support/http.js";
import { expectToolError, REVIEWER_SCOPES, structuredOf, TOOL_NAMES, verifyDecisionToken } from "../support/mcp.js";

/** An SDK client connected to `/mcp` with `key` (initialize done). */
async function connect(gh: TestGatehouse, key: string): Promise<Client> {
  const mcp = new Client({ name: "gatehouse-e2e", version: "1.0.0" });
  await mcp.connect(new StreamableHTTPClientTransport(new URL(`${gh.url}/mcp`), { requestInit: { headers: { Authorization: `Bearer ${key}` } } }));
  return mcp;
}

/** A bare JSON-RPC POST, as an agent without an MCP library sends it. */
async function rawPost(gh: TestGatehouse, body: unknown, headers: Record<string, string>) {
  const res = await fetch(`${gh.url}/mcp`, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) });
  return { status: res.status, headers: res.headers, body: (await res.json()) as any };
}

describe("MCP tools over Streamable HTTP (POST /mcp)", () => {
  let gh: TestGatehouse;
  let admin: ReturnType<typeof client>;
  let mcp: Client;

  beforeAll(async () => {
    gh = await startGatehouse();
    admin = client(gh.url, gh.adminKey);
    mcp = await connect(gh, gh.adminKey);
  });
  afterAll(async () => {
    await mcp?.close();
    await gh?.close();
  });

  async function reviewPolicy(name: string, group: string) {
    const res = await admin.post("/v1/policies", { name, outcome: "review", reviewers: ["alice"], group_ids: [group] });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.policy;
  }

  it("initializes and lists the seven tools with input and output schemas", async () => {
    expect(mcp.getServerVersion()).toMatchObject({ name: "gatehouse", version: expect.any(String) });
    expect(mcp.getServerCapabilities()?.tools).toBeDefined();
    expect(mcp.getInstructions()).toContain("request_approval");
    const { tools } = await mcp.listTools();
    expect(tools.map((t) => t.name)).toEqual(TOOL_NAMES);
    const openApi = (await client(gh.url).get("/openapi.json")).body;
    const scopeOf = new Map<string, string>();
    for (const methods of Object.values<any>(openApi.paths)) for (const op of Object.values<any>(methods)) scopeOf.set(op.operationId, op["x-required-scope"]);
    for (const tool of tools) {
      expect(tool.inputSchema.type).toBe("object");
      expect(tool.inputSchema.additionalProperties).toBe(false);
      expect(tool.outputSchema?.type).toBe("object");
      expect(JSON.stringify(tool)).not.toContain("$ref");
      expect(tool.description!.length).toBeGreaterThan(200);
    }
    const byName = new Map(tools.map((t) => [t.name, t]));
    // Each description names the scope of the REST operation behind the tool.
    const operations: Record<string, string> = {
      check_action: "scan",
      list_active_rules: "listRules",
      create_rule: "createRule",
      update_rule: "updateRule",
      request_approval: "createCheckpoint",
      get_approval_status: "waitCheckpoint",
      list_active_policies: "listActivePolicies",
    };
    for (const [name, operationId] of Object.entries(operations)) expect(byName.get(name)!.description).toContain(scopeOf.get(operationId)!);
    expect(byName.get("check_action")!.inputSchema.required).toEqual(["content"]);
    expect(Object.keys(byName.get("check_action")!.inputSchema.properties!)).toEqual(["content", "scan_type", "tool_name", "agent_id", "agent_name", "context", "sign"]);
    expect(byName.get("create_rule")!.inputSchema.required).toEqual(["name", "type"]);
    expect(byName.get("update_rule")!.inputSchema.required).toEqual(["id"]);
    expect(byName.get("request_approval")!.inputSchema.required).toEqual(["action"]);
    expect(byName.get("request_approval")!.inputSchema.properties).toHaveProperty("idempotency_key");
    expect(byName.get("get_approval_status")!.inputSchema.properties!.wait_seconds).toMatchObject({ type: "integer", minimum: 1, maximum: 55, default: 20 });
    expect(byName.get("list_active_rules")!.inputSchema.properties).toEqual({});
  });

  it("list_active_rules returns the REST body of GET /v1/secure/rules?status=active", async () => {
    const draft = await admin.post("/v1/secure/rules", { name: "still a draft", type: "prompt_pattern", custom_patterns: ["zzz"] });
    expect(draft.status).toBe(201);
    const result = await mcp.callTool({ name: "list_active_rules", arguments: {} });
    expect(result.isError).toBeFalsy();
    const body = structuredOf(result);
    expect(body).toEqual((await admin.get("/v1/secure/rules?status=active")).body);
    expect(body.rules.length).toBeGreaterThan(0);
    expect(body.rules.every((r: any) => r.status === "active")).toBe(true);
    expect(body.rules.map((r: any) => r.id)).not.toContain(draft.body.rule.id);
  });

  it("list_active_policies returns the REST body of GET /v1/policies/active", async () => {
    await reviewPolicy("Listed policy", "g_listed");
    await admin.post("/v1/policies", { name: "Inactive", outcome: "approve", status: "inactive" });
    const body = structuredOf(await mcp.callTool({ name: "list_active_policies" }));
    expect(body).toEqual((await admin.get("/v1/policies/active")).body);
    expect(body.policies.map((p: any) => p.name)).toContain("Listed policy");
    expect(body.policies.map((p: any) => p.name)).not.toContain("Inactive");
  });

  it("create_rule, update_rule and check_action: draft, activate, scan", async () => {
    const created = await mcp.callTool({
      name: "create_rule",
      arguments: { name: "No launch codes", type: "prompt_pattern", action: "block", severity: "critical", custom_patterns: ["launch code"] },
    });
    const { rule } = structuredOf(created);
    expect(rule).toMatchObject({ name: "No launch codes", status: "draft", version: 1, action: "block", severity: "critical", custom_patterns: ["launch code"] });
    expect((await admin.get(`/v1/secure/rules/${rule.id}`)).body).toEqual({ rule });

    const updated = structuredOf(await mcp.callTool({ name: "update_rule", arguments: { id: rule.id, status: "active", description: "keeps secrets in" } }));
    expect(updated.rule).toMatchObject({ id: rule.id, status: "active", version: 2, description: "keeps secrets in", custom_patterns: ["launch code"] });
    const active = structuredOf(await mcp.callTool({ name: "list_active_rules" }));
    expect(active.rules.map((r: any) => r.id)).toContain(rule.id);

    const scan = await mcp.callTool({ name: "check_action", arguments: { content: "here is the launch code: 0000", agent_name: "e2e" } });
    expect(scan.isError, JSON.stringify(scan)).toBeFalsy();
    const verdict = structuredOf(scan);
    expect(verdict).toMatchObject({ verdict: "block", allowed: false, scan_type: "prompt_input" });
    expect(verdict.matches.map((m: any) => m.rule_id)).toContain(rule.id);
    const clean = structuredOf(await mcp.callTool({ name: "check_action", arguments: { content: "good morning", scan_type: "output" } }));
    expect(clean).toMatchObject({ verdict: "allow", allowed: true, scan_type: "output", matches: [] });
  });

  it("check_action with scan_type tool_call needs tool_name (400 naming it)", async () => {
    expectToolError(await mcp.callTool({ name: "check_action", arguments: { content: "{}", scan_type: "tool_call" } }), 400, "VALIDATION_ERROR", "tool_name");
    const ok = await mcp.callTool({ name: "check_action", arguments: { content: "{}", scan_type: "tool_call", tool_name: "fs.read" } });
    expect(structuredOf(ok)).toMatchObject({ scan_type: "tool_call", allowed: true });
  });

  it("update_rule reports the REST errors: unknown rule 404, built-in rule 409", async () => {
    expectToolError(await mcp.callTool({ name: "update_rule", arguments: { id: "rule_nope", status: "archived" } }), 404, "NOT_FOUND");
    const builtIn = structuredOf(await mcp.callTool({ name: "list_active_rules" })).rules.find((r: any) => r.is_built_in);
    expectToolError(await mcp.callTool({ name: "update_rule", arguments: { id: builtIn.id, status: "archived" } }), 409, "BUILT_IN_RULE_IMMUTABLE");
  });

  it("runs the approval flow through tools only: request → vote over REST → get_approval_status → verified token", async () => {
    const p = await reviewPolicy("Payments", "g_pay");
    const alice = client(gh.url, await createKey(gh.url, gh.adminKey, { name: "alice", subject: "alice", scopes: REVIEWER_SCOPES }));
    const payload = { amount: 4200, currency: "EUR", to: "ACME" };
    const requested = structuredOf(
      await mcp.callTool({ name: "request_approval", arguments: { action: "payments.send", payload, agent_name: "billing-bot", policy_group_ids: ["g_pay"], timeout_seconds: 600 } }),
    );
    expect(requested).toMatchObject({ status: "pending", decision_token: null, agent_name: "billing-bot", evals: [{ policy_id: p.id, status: "pending" }] });
    const id = requested.checkpoint_id;

    // Nothing changes: the hold ends with the unchanged state.
    const unchanged = structuredOf(await mcp.callTool({ name: "get_approval_status", arguments: { checkpoint_id: id, wait_seconds: 1 } }));
    expect(unchanged).toMatchObject({ checkpoint_id: id, status: "pending" });

    const started = Date.now();
    const waiting = mcp.callTool({ name: "get_approval_status", arguments: { checkpoint_id: id, wait_seconds: 30 } });
    await new Promise((r) => setTimeout(r, 300));
    const vote = await alice.post(`/v1/checkpoints/${id}/decisions`, { decision: "approve", reason: "fine" });
    expect(vote.status, JSON.stringify(vote.body)).toBe(200);
    const decided = structuredOf(await waiting);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(decided).toMatchObject({ checkpoint_id: id, status: "approved", votes: [{ subject: "alice", decision: "approve" }] });
    const claims = await verifyDecisionToken(gh.url, decided.decision_token, { checkpointId: id, payload });
    expect(claims).toMatchObject({ action: "payments.send", approvers: ["alice"] });

    // A final checkpoint answers at once, with the same token.
    const again = structuredOf(await mcp.callTool({ name: "get_approval_status", arguments: { checkpoint_id: id } }));
    expect(again.decision_token).toBe(decided.decision_token);
  });

  it("sends progress notifications while get_approval_status holds, when asked to", async () => {
    await reviewPolicy("Slow", "g_slow");
    const { checkpoint_id } = structuredOf(await mcp.callTool({ name: "request_approval", arguments: { action: "slow.thing", policy_group_ids: ["g_slow"] } }));
    const progress: Progress[] = [];
    const result = await mcp.callTool({ name: "get_approval_status", arguments: { checkpoint_id, wait_seconds: 6 } }, undefined, {
      onprogress: (p) => progress.push(p),
    });
    expect(structuredOf(result)).toMatchObject({ checkpoint_id, status: "pending" });
    expect(progress).toEqual([{ progress: 5, total: 6, message: expect.stringContaining("waiting") }]);
  });

  it("request_approval with the same idempotency_key twice gives the same checkpoint", async () => {
    const args = { action: "email.send", payload: { to: "x@example.com" }, idempotency_key: randomUUID() };
    const first = structuredOf(await mcp.callTool({ name: "request_approval", arguments: args }));
    const second = structuredOf(await mcp.callTool({ name: "request_approval", arguments: args }));
    expect(second).toEqual(first);
    // The key is the REST Idempotency-Key: the same key over REST with the same body replays too.
    const { idempotency_key, ...body } = args;
    const rest = await admin.post("/v1/checkpoints", body, { "Idempotency-Key": idempotency_key });
    expect(rest.headers.get("idempotent-replayed")).toBe("true");
    expect(rest.body.checkpoint_id).toBe(first.checkpoint_id);
    const other = structuredOf(await mcp.callTool({ name: "request_approval", arguments: { ...args, idempotency_key: randomUUID() } }));
    expect(other.checkpoint_id).not.toBe(first.checkpoint_id);
    expectToolError(await mcp.callTool({ name: "request_approval", arguments: { ...args, payload: { to: "y@example.com" } } }), 422, "IDEMPOTENCY_KEY_REUSED");
  });

  it("answers invalid arguments with the REST 400 body naming the argument", async () => {
    expectToolError(await mcp.callTool({ name: "create_rule", arguments: { name: "no type" } }), 400, "VALIDATION_ERROR", "type");
    expectToolError(await mcp.callTool({ name: "create_rule", arguments: { name: "x", type: "prompt_pattern", colour: "red" } }), 400, "VALIDATION_ERROR", "colour");
    expectToolError(await mcp.callTool({ name: "request_approval", arguments: { payload: {} } }), 400, "VALIDATION_ERROR", "action");
    expectToolError(await mcp.callTool({ name: "get_approval_status", arguments: { checkpoint_id: "cp_x", wait_seconds: 56 } }), 400, "VALIDATION_ERROR", "wait_seconds");
    expectToolError(await mcp.callTool({ name: "update_rule", arguments: { id: "rule_x" } }), 400, "VALIDATION_ERROR");
    expectToolError(await mcp.callTool({ name: "get_approval_status", arguments: { checkpoint_id: "cp_nope" } }), 404, "NOT_FOUND");
  });

  it("needs the scope of each tool's REST operation (403 naming it)", async () => {
    const readOnly = await connect(gh, await createKey(gh.url, gh.adminKey, { scopes: ["secure:rules:read"] }));
    try {
      expect(structuredOf(await readOnly.callTool({ name: "list_active_rules" })).rules).toBeInstanceOf(Array);
      const cases: [string, Record<string, unknown>, string][] = [
        ["request_approval", { action: "x" }, "govern:checkpoints:write"],
        ["get_approval_status", { checkpoint_id: "cp_x" }, "govern:checkpoints:read"],
        ["create_rule", { name: "x", type: "prompt_pattern" }, "secure:rules:write"],
        ["update_rule", { id: "rule_x", status: "active" }, "secure:rules:write"],
        ["check_action", { content: "hello" }, "secure:scan:write"],
        ["list_active_policies", {}, "govern:policies:read"],
      ];
      for (const [name, args, scope] of cases) {
        expectToolError(await readOnly.callTool({ name, arguments: args }), 403, "FORBIDDEN", `missing scope ${scope}`);
      }
    } finally {
      await readOnly.close();
    }
  });

  it("answers an unknown tool with JSON-RPC error -32602", async () => {
    const err = await mcp.callTool({ name: "delete_everything", arguments: {} }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(McpError);
    expect((err as McpError).code).toBe(ErrorCode.InvalidParams);
    expect((err as McpError).message).toContain("delete_everything");
  });

  it("refuses a missing or bad key with 401 and WWW-Authenticate before any JSON-RPC", async () => {
    const call = { jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "list_active_rules", arguments: {} } };
    for (const headers of [{}, { authorization: "Bearer gh_not_a_key" }] as Record<string, string>[]) {
      const res = await rawPost(gh, call, { accept: "application/json", ...headers });
      expect(res.status).toBe(401);
      expect(res.headers.get("www-authenticate")).toContain("Bearer");
      expect(res.body).toEqual({ statusCode: 401, code: "UNAUTHORIZED", message: expect.any(String) });
    }
    const noKey = new Client({ name: "no-key", version: "1.0.0" });
    await expect(noKey.connect(new StreamableHTTPClientTransport(new URL(`${gh.url}/mcp`)))).rejects.toThrow();
  });

  it("answers a bare tools/call (no initialize) with Accept: application/json or no Accept as JSON", async () => {
    const expected = (await admin.get("/v1/secure/rules?status=active")).body;
    for (const accept of [{ accept: "application/json" }, {}] as Record<string, string>[]) {
      const res = await rawPost(gh, { jsonrpc: "2.0", id: 7, method: "tools/call", params: { name: "list_active_rules", arguments: {} } }, {
        authorization: `Bearer ${gh.adminKey}`,
        ...accept,
      });
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toContain("application/json");
      expect(res.body).toMatchObject({ jsonrpc: "2.0", id: 7, result: { structuredContent: expected } });
      expect(JSON.parse(res.body.result.content[0].text)).toEqual(expected);
    }
    const list = await rawPost(gh, { jsonrpc: "2.0", id: "l", method: "tools/list" }, { authorization: `Bearer ${gh.adminKey}` });
    expect(list.body.result.tools).toHaveLength(7);
    const unknown = await rawPost(gh, { jsonrpc: "2.0", id: 8, method: "tools/call", params: { name: "nope", arguments: {} } }, { authorization: `Bearer ${gh.adminKey}` });
    expect(unknown.body).toMatchObject({ jsonrpc: "2.0", id: 8, error: { code: -32602 } });
  });

  it("meters each POST /mcp once against the rate limit and sends the RateLimit headers", async () => {
    const key = await createKey(gh.url, gh.adminKey, { scopes: ["secure:rules:read"] });
    const call = { jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "list_active_rules", arguments: {} } };
    const remaining = async () => {
      const res = await rawPost(gh, call, { authorization: `Bearer ${key}` });
      expect(res.headers.get("ratelimit-policy")).toBe('"default";q=600;w=60');
      return Number(/r=(\d+)/.exec(res.headers.get("ratelimit")!)![1]);
    };
    const first = await remaining();
    expect(await remaining()).toBe(first - 1);
    // A JSON-RPC batch counts each request it holds (notifications are free).
    const batch = await rawPost(gh, [1, 2, 3].map((id) => ({ ...call, id })).concat([{ jsonrpc: "2.0", method: "notifications/initialized" } as any]), {
      authorization: `Bearer ${key}`,
    });
    expect(batch.body.map((r: any) => r.id)).toEqual([1, 2, 3]);
    expect(Number(/r=(\d+)/.exec(batch.headers.get("ratelimit")!)![1])).toBe(first - 4);
  });

  it("answers GET and DELETE /mcp with 405 (stateless server: no SSE stream, no session)", async () => {
    for (const method of ["GET", "DELETE"]) {
      const res = await fetch(`${gh.url}/mcp`, { method, headers: { authorization: `Bearer ${gh.adminKey}`, accept: "text/event-stream" } });
      expect(res.status).toBe(405);
      expect(res.headers.get("allow")).toBe("POST");
      expect(await res.json()).toEqual({ statusCode: 405, code: "METHOD_NOT_ALLOWED", message: expect.any(String) });
    }
  });
});
