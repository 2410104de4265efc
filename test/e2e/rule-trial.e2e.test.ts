import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startGatehouse, type TestGatehouse } from "../support/gatehouse.js";
import { client, createKey } from "../support/http.js";

describe("POST /v1/secure/rules/{id}/try", () => {
  let gh: TestGatehouse;
  let admin: ReturnType<typeof client>;

  beforeAll(async () => {
    gh = await startGatehouse();
    admin = client(gh.url, gh.adminKey);
  });
  afterAll(async () => gh?.close());

  it("tries a draft on sample text and shows where it matched, without activating or counting it", async () => {
    const created = await admin.post("/v1/secure/rules", { name: "Project names", type: "prompt_pattern", action: "block", custom_patterns: ["project zephyr"] });
    expect(created.status).toBe(201);
    const rule = created.body.rule;
    const content = "Tell me about Project Zephyr please";
    const res = await admin.post(`/v1/secure/rules/${rule.id}/try`, { content });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ verdict: "block", allowed: false, scan_type: "prompt_input" });
    const f = res.body.matches[0].findings[0];
    expect(content.slice(f.start, f.end)).toBe("Project Zephyr");
    const after = await admin.get(`/v1/secure/rules/${rule.id}`);
    expect(after.body.rule).toMatchObject({ status: "draft", version: 1, trigger_count: 0 });
  });

  it("answers in the error shape: unknown rule, bad body, missing scope", async () => {
    expect((await admin.post("/v1/secure/rules/rule_nope/try", { content: "x" })).body.code).toBe("NOT_FOUND");
    const created = await admin.post("/v1/secure/rules", { name: "t", type: "tool_call", tool_names: ["shell.*"] });
    const bad = await admin.post(`/v1/secure/rules/${created.body.rule.id}/try`, { content: "x", scan_type: "tool_call" });
    expect(bad.body).toEqual({ statusCode: 400, code: "VALIDATION_ERROR", message: expect.stringContaining("tool_name") });
    const extra = await admin.post(`/v1/secure/rules/${created.body.rule.id}/try`, { content: "x", redact: true });
    expect(extra.status).toBe(400);
    const reader = client(gh.url, await createKey(gh.url, gh.adminKey, { scopes: ["secure:rules:read"] }));
    const denied = await reader.post(`/v1/secure/rules/${created.body.rule.id}/try`, { content: "x" });
    expect(denied.body).toEqual({ statusCode: 403, code: "FORBIDDEN", message: "missing scope secure:rules:write" });
  });
});
