import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { e2eEngines, startGatehouse, type TestGatehouse } from "../support/gatehouse.js";
import { client, createKey } from "../support/http.js";

function expectError(res: { status: number; body: any }, status: number, code: string, mentions?: string) {
  expect(res.status).toBe(status);
  expect(res.body).toEqual({ statusCode: status, code, message: expect.any(String) });
  if (mentions) expect(res.body.message).toContain(mentions);
}

async function eventually<T>(read: () => Promise<T>, ok: (value: T) => boolean, ms = 5000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (ok(value) || Date.now() > end) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe.each(e2eEngines())("POST /v1/secure/rules/test over HTTP on %s", (engine) => {
  let gh: TestGatehouse;
  let api: ReturnType<typeof client>;
  beforeAll(async () => {
    gh = await startGatehouse({ engine });
    api = client(gh.url, gh.adminKey);
  });
  afterAll(async () => gh?.close());

  const rule = (path: string) => api.get(`/v1/secure/rules/${path}`).then((r) => r.body.rule);

  it("rehearses a stored draft by rule_id: the scan's verdict and masked findings, no scan_id, the draft untouched", async () => {
    const created = await api.post("/v1/secure/rules", { name: "Project names", type: "prompt_pattern", action: "block", custom_patterns: ["project zephyr"] });
    expect(created.status).toBe(201);
    const content = "Tell me about Project Zephyr please";
    const res = await api.post("/v1/secure/rules/test", { rule_id: created.body.rule.id, content });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ verdict: "block", allowed: false, scan_type: "prompt_input", unevaluated: [] });
    expect(res.body).not.toHaveProperty("scan_id");
    expect(res.body.duration_ms).toBeGreaterThanOrEqual(0);
    const [match] = res.body.matches;
    expect(match).toMatchObject({ rule_id: created.body.rule.id, rule_name: "Project names", action: "block", type: "prompt_pattern" });
    expect(content.slice(match.findings[0].start, match.findings[0].end)).toBe("Project Zephyr");
    expect(await rule(created.body.rule.id)).toMatchObject({ status: "draft", version: 1, trigger_count: 0 });
    // A draft does not affect real scans: the same content is allowed there.
    expect((await api.post("/v1/secure/scan", { content })).body.verdict).toBe("allow");
  });

  it("rehearses an unsaved rule body validated like a create, storing nothing; findings are masked", async () => {
    const before = (await api.get("/v1/secure/rules")).body.rules.length;
    const content = "reach me at jane.doe@example.com, thanks";
    const res = await api.post("/v1/secure/rules/test", {
      rule: { name: "Emails out", type: "data_pattern", data_categories: ["email"], action: "flag", severity: "high" },
      content,
      scan_type: "output",
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ verdict: "flag", allowed: true, scan_type: "output" });
    const [match] = res.body.matches;
    expect(match).toMatchObject({ rule_id: null, rule_name: "Emails out", severity: "high" });
    const f = match.findings[0];
    expect(content.slice(f.start, f.end)).toBe("jane.doe@example.com");
    expect(f.excerpt).not.toContain("jane.doe@example.com");
    expect((await api.get("/v1/secure/rules")).body.rules.length).toBe(before);
    // Allowed content gets an allow verdict with no matches.
    const clean = await api.post("/v1/secure/rules/test", { rule: { name: "Emails", type: "data_pattern", data_categories: ["email"] }, content: "nothing here" });
    expect(clean.body).toMatchObject({ verdict: "allow", allowed: true, matches: [] });
  });

  it("rehearses tool_call and policy_dsl bodies with their scan inputs", async () => {
    const tool = await api.post("/v1/secure/rules/test", {
      rule: { name: "No shell", type: "tool_call", tool_names: ["shell.*"], action: "block" },
      content: "{\"cmd\":\"ls\"}",
      scan_type: "tool_call",
      tool_name: "shell.exec",
    });
    expect(tool.body).toMatchObject({ verdict: "block", scan_type: "tool_call" });
    const dsl = await api.post("/v1/secure/rules/test", {
      rule: { name: "Big transfers", type: "policy_dsl", dsl_statements: ["context.amount > 1000"], action: "flag" },
      content: "pay",
      context: { amount: 5000 },
    });
    expect(dsl.status, JSON.stringify(dsl.body)).toBe(200);
    expect(dsl.body.verdict).toBe("flag");
  });

  it("rehearses a built-in rule by its ID", async () => {
    const res = await api.post("/v1/secure/rules/test", { rule_id: "rule_builtin_pii", content: "mail jane.doe@example.com" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.verdict).toBe("flag");
    expect(res.body.matches[0]).toMatchObject({ rule_id: "rule_builtin_pii", findings: [expect.objectContaining({ kind: "email" })] });
  });

  it("counts no trigger when it rehearses an active rule; a real scan still does", async () => {
    const created = await api.post("/v1/secure/rules", { name: "wombats", type: "prompt_pattern", status: "active", custom_patterns: ["wombat"] });
    const id = created.body.rule.id;
    for (let i = 0; i < 3; i++) expect((await api.post("/v1/secure/rules/test", { rule_id: id, content: "a wombat" })).body.verdict).toBe("flag");
    expect((await api.post("/v1/secure/scan", { content: "a wombat" })).body.verdict).toBe("flag");
    // The trigger buffer flushes about once a second; the rehearsals, made first, would be in the first flush.
    const after = await eventually(() => rule(id), (r) => r.trigger_count >= 1);
    expect(after).toMatchObject({ trigger_count: 1, version: 1 });
    await new Promise((r) => setTimeout(r, 1500));
    expect((await rule(id)).trigger_count).toBe(1);
  });

  it("is a route of its own, not /v1/secure/rules/{id} (no rule ID is \"test\"): other methods are a 405", async () => {
    expectError(await api.get("/v1/secure/rules/test"), 405, "METHOD_NOT_ALLOWED");
    expectError(await api.patch("/v1/secure/rules/test", { name: "x" }), 405, "METHOD_NOT_ALLOWED");
    const res = await api.post("/v1/secure/rules/test", { rule: { name: "x", type: "prompt_pattern", custom_patterns: ["x"] }, content: "x" });
    expect(res.status).toBe(200);
  });

  it("answers 400 for an invalid rule body, naming the field as sent, exactly as a create would", async () => {
    const bodies: [unknown, string][] = [
      [{ name: "r", type: "prompt_pattern", custom_patterns: ["/(?=x)/"] }, "rule.custom_patterns[0]"],
      [{ name: "r", type: "nope" }, "rule.type"],
      [{ type: "prompt_pattern" }, "rule.name"],
      [{ name: "r", type: "prompt_pattern", status: "active" }, "rule"],
      [{ name: "r", type: "data_pattern", data_categories: ["no_such_category"] }, "rule.data_categories[0]"],
      [{ name: "r", type: "policy_dsl", dsl_statements: ["1 +"] }, "rule.dsl_statements[0]"],
      [{ name: "r", type: "prompt_pattern", surprise: 1 }, "rule.surprise"],
    ];
    for (const [ruleBody, field] of bodies) {
      const res = await api.post("/v1/secure/rules/test", { rule: ruleBody, content: "x" });
      expectError(res, 400, "VALIDATION_ERROR", field);
      // A create of the same body fails alike (without the rule. prefix).
      const created = await api.post("/v1/secure/rules", ruleBody);
      expect(created.status).toBe(400);
    }
  });

  it("answers 400 without a subject or with both, 400 for bad content, 404 for an unknown rule, 403 without the scope", async () => {
    expectError(await api.post("/v1/secure/rules/test", { content: "x" }), 400, "VALIDATION_ERROR", "rule_id");
    const draft = await api.post("/v1/secure/rules", { name: "t", type: "tool_call", tool_names: ["shell.*"] });
    const id = draft.body.rule.id;
    expectError(await api.post("/v1/secure/rules/test", { rule_id: id, rule: { name: "r", type: "tool_call" }, content: "x" }), 400, "VALIDATION_ERROR", "rule_id");
    expectError(await api.post("/v1/secure/rules/test", { rule_id: id, content: "x", scan_type: "tool_call" }), 400, "VALIDATION_ERROR", "tool_name");
    expectError(await api.post("/v1/secure/rules/test", { rule_id: id }), 400, "VALIDATION_ERROR", "content");
    expectError(await api.post("/v1/secure/rules/test", { rule_id: "rule_nope", content: "x" }), 404, "NOT_FOUND");
    const reader = client(gh.url, await createKey(gh.url, gh.adminKey, { scopes: ["secure:rules:read"] }));
    expectError(await reader.post("/v1/secure/rules/test", { rule_id: id, content: "x" }), 403, "FORBIDDEN", "secure:rules:write");
  });

  it("treats another workspace's rule ID as unknown", async () => {
    const ws = await api.post("/v1/workspaces", { name: `other-${engine}` });
    expect(ws.status).toBe(201);
    const other = client(gh.url, await createKey(gh.url, gh.adminKey, { scopes: ["secure:rules:write"], workspace_id: ws.body.workspace.id }));
    const mine = await api.post("/v1/secure/rules", { name: "mine", type: "prompt_pattern", custom_patterns: ["x"] });
    expectError(await other.post("/v1/secure/rules/test", { rule_id: mine.body.rule.id, content: "x" }), 404, "NOT_FOUND");
  });
});
