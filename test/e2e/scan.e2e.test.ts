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

// Synthetic, never issued; the prefix is split so secret scanners reading this file pass it by.
const OPENAI_KEY = "sk" + "-proj-Tq8Zx3Lm9Pv2Rk7Nw4Yb6Hc1Jd5Gf0Sa8Ue3Io7Ky2Mt9";

describe.each(e2eEngines())("POST /v1/secure/scan over HTTP on %s", (engine) => {
  let gh: TestGatehouse;
  let api: ReturnType<typeof client>;
  beforeAll(async () => {
    gh = await startGatehouse({ engine });
    api = client(gh.url, gh.adminKey);
  });
  afterAll(async () => gh?.close());

  async function activeRule(body: Record<string, unknown>) {
    const res = await api.post("/v1/secure/rules", { status: "active", ...body });
    expect(res.status).toBe(201);
    return res.body.rule;
  }

  it("answers 200 with the verdict shape of DESIGN, allowing clean content", async () => {
    const res = await api.post("/v1/secure/scan", { content: "What is the capital of France?" });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      scan_id: expect.stringMatching(/^scan_/),
      verdict: "allow",
      allowed: true,
      scan_type: "prompt_input",
      matches: [],
      unevaluated: [],
      duration_ms: expect.any(Number),
      rule_set_version: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
    });
  });

  it("flags secrets and PII with built-in rules, never echoing a found value whole", async () => {
    const content = `Use ${OPENAI_KEY} and mail jane.doe@acme.com`;
    const res = await api.post("/v1/secure/scan", { content, scan_type: "output" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ verdict: "flag", allowed: true, scan_type: "output" });
    const findings = res.body.matches.flatMap((m: any) => m.findings);
    expect(findings.map((f: any) => f.kind).sort()).toEqual(["email", "openai_api_key"]);
    for (const f of findings) {
      expect(f.excerpt).not.toContain(content.slice(f.start, f.end));
      expect(JSON.stringify(res.body)).not.toContain(content.slice(f.start, f.end));
    }
    const key = findings.find((f: any) => f.kind === "openai_api_key");
    expect(content.slice(key.start, key.end)).toBe(OPENAI_KEY);
    expect(key.excerpt).toBe("sk-proj-…t9");
  });

  it("blocks on a block rule and applies rule types to their scan types", async () => {
    await activeRule({ name: "no wombat", type: "prompt_pattern", action: "block", custom_patterns: ["project wombat"] });
    await activeRule({ name: "no shell", type: "tool_call", action: "block", tool_names: ["shell_*"] });
    await activeRule({ name: "outbound ids", type: "data_pattern", action: "log", data_direction: "outbound", custom_patterns: ["/\\bWMB-[0-9]{4}\\b/"] });
    const blocked = await api.post("/v1/secure/scan", { content: "status of Project Wombat?" });
    expect(blocked.body).toMatchObject({ verdict: "block", allowed: false });
    expect(blocked.body.matches[0]).toMatchObject({ rule_name: "no wombat", type: "prompt_pattern", action: "block", severity: "medium" });
    const tool = await api.post("/v1/secure/scan", { content: "ls -la", scan_type: "tool_call", tool_name: "shell_exec" });
    expect(tool.body).toMatchObject({ verdict: "block", scan_type: "tool_call" });
    expect((await api.post("/v1/secure/scan", { content: "ls -la", scan_type: "tool_call", tool_name: "http_get" })).body.verdict).toBe("allow");
    expect((await api.post("/v1/secure/scan", { content: "ticket WMB-1234" })).body.verdict).toBe("allow");
    expect((await api.post("/v1/secure/scan", { content: "ticket WMB-1234", scan_type: "output" })).body.verdict).toBe("log");
  });

  it("answers 400 naming the field for missing content and a tool_call without tool_name", async () => {
    expectError(await api.post("/v1/secure/scan", {}), 400, "VALIDATION_ERROR", "content");
    expectError(await api.post("/v1/secure/scan", { content: "" }), 400, "VALIDATION_ERROR", "content");
    expectError(await api.post("/v1/secure/scan", { content: "x", scan_type: "tool_call" }), 400, "VALIDATION_ERROR", "tool_name");
    expectError(await api.post("/v1/secure/scan", { content: "x", scan_type: "shell" }), 400, "VALIDATION_ERROR", "scan_type");
  });

  it("needs secure:scan:write", async () => {
    const reader = await createKey(gh.url, gh.adminKey, { scopes: ["secure:rules:read"] });
    expectError(await client(gh.url, reader).post("/v1/secure/scan", { content: "x" }), 403, "FORBIDDEN", "secure:scan:write");
  });

  it("moves trigger_count and last_triggered_at of matching rules after the flush, version unchanged", async () => {
    const rule = await activeRule({ name: "counted", type: "prompt_pattern", custom_patterns: ["quokka"] });
    const before = Date.now();
    for (let i = 0; i < 3; i++) expect((await api.post("/v1/secure/scan", { content: `a quokka #${i}` })).body.verdict).toBe("flag");
    const rules = () => api.get("/v1/secure/rules").then((r) => r.body.rules.find((x: any) => x.id === rule.id));
    const after = await eventually(rules, (r) => r.trigger_count === 3);
    expect(after).toMatchObject({ trigger_count: 3, version: 1, updated_at: rule.updated_at });
    expect(Date.parse(after.last_triggered_at)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(after.last_triggered_at)).toBeLessThanOrEqual(Date.now());
    const single = await api.get(`/v1/secure/rules/${rule.id}`);
    expect(single.body.rule).toMatchObject({ trigger_count: 3, version: 1 });
  });

  it("replays an idempotent scan with Idempotent-Replayed: true and refuses the key with another body (422)", async () => {
    const headers = { "idempotency-key": `scan-${engine}-1` };
    const first = await api.post("/v1/secure/scan", { content: "mail a@acme.com", redact: true }, headers);
    expect(first.status).toBe(200);
    expect(first.headers.get("idempotent-replayed")).toBeNull();
    const again = await api.post("/v1/secure/scan", { redact: true, content: "mail a@acme.com" }, headers);
    expect(again.status).toBe(200);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.body).toEqual(first.body);
    expect(again.body.redacted_content).toBe("mail <EMAIL_1>");
    expectError(await api.post("/v1/secure/scan", { content: "mail b@acme.com", redact: true }, headers), 422, "IDEMPOTENCY_KEY_REUSED");
  });

  it("rebuilds the plan after a PATCH", async () => {
    const rule = await activeRule({ name: "patched", type: "prompt_pattern", custom_patterns: ["axolotl"] });
    expect((await api.post("/v1/secure/scan", { content: "axolotl" })).body.verdict).toBe("flag");
    const patched = await api.patch(`/v1/secure/rules/${rule.id}`, { custom_patterns: ["narwhal"], action: "block" });
    expect(patched.status).toBe(200);
    expect((await api.post("/v1/secure/scan", { content: "axolotl" })).body.verdict).toBe("allow");
    expect((await api.post("/v1/secure/scan", { content: "a narwhal" })).body.verdict).toBe("block");
    await api.patch(`/v1/secure/rules/${rule.id}`, { status: "draft" });
    expect((await api.post("/v1/secure/scan", { content: "a narwhal" })).body.verdict).toBe("allow");
  });

  it("redacts with per-value placeholders and lists data_descriptions as unevaluated", async () => {
    const rule = await activeRule({ name: "salaries", type: "data_pattern", data_descriptions: ["salary figures"] });
    const res = await api.post("/v1/secure/scan", { content: "x@acme.com, y@acme.com, x@acme.com", redact: true });
    expect(res.body.redacted_content).toBe("<EMAIL_1>, <EMAIL_2>, <EMAIL_1>");
    expect(res.body.unevaluated).toContainEqual({
      rule_id: rule.id,
      rule_name: "salaries",
      data_descriptions: ["salary figures"],
      reason: expect.stringContaining("classifier"),
    });
  });

  it("evaluates policy_dsl rules with detect() and context", async () => {
    await activeRule({
      name: "cards to free tier",
      type: "policy_dsl",
      action: "block",
      dsl_statements: ['detect("credit_card") && context.tier == "free"'],
    });
    const content = "card 4111 1111 1111 1111";
    expect((await api.post("/v1/secure/scan", { content, context: { tier: "free" } })).body.verdict).toBe("block");
    const pro = await api.post("/v1/secure/scan", { content, context: { tier: "pro" } });
    expect(pro.body.verdict).toBe("flag");
  });

  it("refuses a DSL statement using matches() and scans a pathological user regex in linear time", async () => {
    expectError(
      await api.post("/v1/secure/rules", { name: "js regex", type: "policy_dsl", dsl_statements: ['content.matches("(a+)+$")'] }),
      400,
      "VALIDATION_ERROR",
      "dsl_statements[0]",
    );
    await activeRule({ name: "evil", type: "prompt_pattern", custom_patterns: ["/(a+)+$/", "/(x+x+)+y/"] });
    const started = Date.now();
    const res = await api.post("/v1/secure/scan", { content: "a".repeat(100_000) + "!" });
    expect(res.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(2000);
  });
});
