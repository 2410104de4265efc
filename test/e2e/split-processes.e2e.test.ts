import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../support/gatehouse.js";
import { client, createKey } from "../support/http.js";

const ROOT = join(import.meta.dirname, "..", "..");

/** Starts `gatehouse serve <component>` as its own process. */
function serve(component: string, env: Record<string, string>): ChildProcess & { output: () => string } {
  const child = spawn(process.execPath, ["--import", "tsx", "cli/main.ts", "serve", component], {
    cwd: ROOT,
    env: { ...process.env, GATEHOUSE_LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout!.on("data", (d) => (out += d));
  child.stderr!.on("data", (d) => (out += d));
  return Object.assign(child, { output: () => out });
}

function exited(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve(child.exitCode);
    child.once("exit", (code) => resolve(code));
  });
}

async function until(check: () => Promise<boolean>, ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error("timed out waiting for the processes to become ready");
}

describe("gatehouse serve auth|secure|govern|gateway as separate processes", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "gatehouse-split-"));
  const adminKey = "gh_split_admin_key_for_tests";
  const procs: (ChildProcess & { output: () => string })[] = [];
  let url = "";

  beforeAll(async () => {
    const [authPort, securePort, governPort, httpPort] = [await freePort(), await freePort(), await freePort(), await freePort()];
    const common = { GATEHOUSE_DATA_DIR: dataDir, GATEHOUSE_LISTEN_HOST: "127.0.0.1" };
    procs.push(serve("auth", { ...common, GATEHOUSE_GRPC_PORT: String(authPort), GATEHOUSE_BOOTSTRAP_KEY: adminKey }));
    procs.push(serve("secure", { ...common, GATEHOUSE_GRPC_PORT: String(securePort) }));
    procs.push(serve("govern", { ...common, GATEHOUSE_GRPC_PORT: String(governPort), GATEHOUSE_AUTH_URL: `http://127.0.0.1:${authPort}` }));
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
  });

  it("drains and exits 0 on SIGTERM", async () => {
    for (const p of [...procs].reverse()) {
      p.kill("SIGTERM");
      expect(await exited(p)).toBe(0);
    }
  }, 30_000);
});
