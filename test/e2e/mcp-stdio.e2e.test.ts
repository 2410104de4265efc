import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { Progress } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, startGatehouse, type TestGatehouse } from "../support/gatehouse.js";
import { client, createKey } from "../support/http.js";
import { expectToolError, REVIEWER_SCOPES, structuredOf, TOOL_NAMES, verifyDecisionToken } from "../support/mcp.js";

const REPO = fileURLToPath(new URL("../..", import.meta.url));
const GATEHOUSE = ["--import", "tsx", "cli/main.ts", "mcp"];

/** `gatehouse mcp` spawned by the SDK's stdio client, talking to `url` with `key`. */
async function spawnStdio(url: string, key: string): Promise<Client> {
  const mcp = new Client({ name: "gatehouse-stdio-e2e", version: "1.0.0" });
  await mcp.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: GATEHOUSE,
      cwd: REPO,
      env: { GATEHOUSE_URL: url, GATEHOUSE_API_KEY: key },
      stderr: "pipe",
    }),
  );
  return mcp;
}

describe("MCP tools over stdio (gatehouse mcp)", () => {
  let gh: TestGatehouse;
  let admin: ReturnType<typeof client>;
  let mcp: Client;

  beforeAll(async () => {
    gh = await startGatehouse();
    admin = client(gh.url, gh.adminKey);
    mcp = await spawnStdio(gh.url, gh.adminKey);
  });
  afterAll(async () => {
    await mcp?.close();
    await gh?.close();
  });

  it("lists the same seven tools as POST /mcp", async () => {
    expect(mcp.getServerVersion()).toMatchObject({ name: "gatehouse" });
    const { tools } = await mcp.listTools();
    expect(tools.map((t) => t.name)).toEqual(TOOL_NAMES);
    const http = new Client({ name: "compare", version: "1.0.0" });
    await http.connect(new StreamableHTTPClientTransport(new URL(`${gh.url}/mcp`), { requestInit: { headers: { Authorization: `Bearer ${gh.adminKey}` } } }));
    try {
      expect(tools).toEqual((await http.listTools()).tools);
    } finally {
      await http.close();
    }
  });

  it("calls the rule tools and check_action against the REST API", async () => {
    const { rule } = structuredOf(await mcp.callTool({ name: "create_rule", arguments: { name: "Wire fraud", type: "prompt_pattern", custom_patterns: ["/wire\\s+now/i"] } }));
    expect(rule).toMatchObject({ status: "draft", version: 1 });
    expect((await admin.get(`/v1/secure/rules/${rule.id}`)).body).toEqual({ rule });
    const updated = structuredOf(await mcp.callTool({ name: "update_rule", arguments: { id: rule.id, status: "active", action: "block" } }));
    expect(updated.rule).toMatchObject({ status: "active", action: "block", version: 2 });
    const active = structuredOf(await mcp.callTool({ name: "list_active_rules" }));
    expect(active).toEqual((await admin.get("/v1/secure/rules?status=active")).body);
    expect(active.rules.map((r: any) => r.id)).toContain(rule.id);
    const verdict = structuredOf(await mcp.callTool({ name: "check_action", arguments: { content: "Please WIRE   now the money" } }));
    expect(verdict).toMatchObject({ verdict: "block", allowed: false });
    expect(structuredOf(await mcp.callTool({ name: "list_active_policies" }))).toEqual((await admin.get("/v1/policies/active")).body);
  });

  it("reports failures as isError results with the REST error body", async () => {
    expectToolError(await mcp.callTool({ name: "create_rule", arguments: { type: "tool_call" } }), 400, "VALIDATION_ERROR", "name");
    expectToolError(await mcp.callTool({ name: "check_action", arguments: { content: "{}", scan_type: "tool_call" } }), 400, "VALIDATION_ERROR", "tool_name");
    expectToolError(await mcp.callTool({ name: "get_approval_status", arguments: { checkpoint_id: "cp_missing", wait_seconds: 1 } }), 404, "NOT_FOUND");
    const narrow = await spawnStdio(gh.url, await createKey(gh.url, gh.adminKey, { scopes: ["secure:rules:read"] }));
    try {
      expectToolError(await narrow.callTool({ name: "request_approval", arguments: { action: "x" } }), 403, "FORBIDDEN", "govern:checkpoints:write");
    } finally {
      await narrow.close();
    }
    const revoked = await spawnStdio(gh.url, "gh_not_a_key");
    try {
      expectToolError(await revoked.callTool({ name: "list_active_rules" }), 401, "UNAUTHORIZED");
    } finally {
      await revoked.close();
    }
  });

  it("answers 503 UNAVAILABLE when the deployment cannot be reached", async () => {
    const nowhere = await spawnStdio(`http://127.0.0.1:${await freePort()}`, gh.adminKey);
    try {
      expectToolError(await nowhere.callTool({ name: "list_active_policies" }), 503, "UNAVAILABLE", "cannot reach");
      // Tool-argument checks need no deployment.
      expectToolError(await nowhere.callTool({ name: "get_approval_status", arguments: {} }), 400, "VALIDATION_ERROR", "checkpoint_id");
    } finally {
      await nowhere.close();
    }
  });

  it("runs the approval flow: request → vote over REST → get_approval_status (with progress) → verified token", async () => {
    await admin.post("/v1/policies", { name: "Deploys", outcome: "review", reviewers: ["alice"], group_ids: ["g_deploy"] });
    const alice = client(gh.url, await createKey(gh.url, gh.adminKey, { name: "alice", subject: "alice", scopes: REVIEWER_SCOPES }));
    const payload = { service: "api", version: "1.2.3" };
    const requested = structuredOf(await mcp.callTool({ name: "request_approval", arguments: { action: "deploy.prod", payload, policy_group_ids: ["g_deploy"] } }));
    expect(requested).toMatchObject({ status: "pending", decision_token: null });
    const id = requested.checkpoint_id;

    const progress: Progress[] = [];
    const waiting = mcp.callTool({ name: "get_approval_status", arguments: { checkpoint_id: id, wait_seconds: 20 } }, undefined, {
      onprogress: (p) => progress.push(p),
    });
    // Vote after the first progress report (5 s into the hold).
    await new Promise((r) => setTimeout(r, 5600));
    const vote = await alice.post(`/v1/checkpoints/${id}/decisions`, { decision: "approve" });
    expect(vote.status, JSON.stringify(vote.body)).toBe(200);
    const decided = structuredOf(await waiting);
    expect(decided).toMatchObject({ checkpoint_id: id, status: "approved" });
    expect(progress).toEqual([{ progress: 5, total: 20, message: expect.any(String) }]);
    await verifyDecisionToken(gh.url, decided.decision_token, { checkpointId: id, payload });
  });

  it("refuses to start without GATEHOUSE_API_KEY, naming it", () => {
    const run = spawnSync(process.execPath, GATEHOUSE, { cwd: REPO, env: { PATH: process.env.PATH ?? "", GATEHOUSE_URL: gh.url }, encoding: "utf8", timeout: 20_000 });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("GATEHOUSE_API_KEY");
  });
});
