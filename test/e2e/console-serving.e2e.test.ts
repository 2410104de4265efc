import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildConsole, type ConsoleBuild } from "../../scripts/build-console.js";
import { startGatehouse, type TestGatehouse } from "../support/gatehouse.js";

describe("the console's files, served by the gateway", () => {
  let dir: string;
  let built: ConsoleBuild;
  let gh: TestGatehouse;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "gatehouse-console-"));
    built = await buildConsole(join(dir, "console"));
    gh = await startGatehouse({ env: { GATEHOUSE_CONSOLE_DIR: built.outDir } });
  }, 60_000);
  afterAll(async () => {
    await gh?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("answers /console and every deep link below it with the app shell under a strict CSP, never cached stale", async () => {
    for (const path of ["/console", "/console/", "/console/checkpoints/cp_123", "/console/rules"]) {
      const res = await fetch(gh.url + path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
      expect(res.headers.get("cache-control")).toBe("no-cache");
      const csp = res.headers.get("content-security-policy")!;
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("default-src 'none'");
      expect(csp).not.toContain("unsafe-inline");
      expect(csp).toContain("form-action 'none'");
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      const html = await res.text();
      expect(html).toContain(`src="/console/${built.script}"`);
      // No inline script: every <script> names its source.
      expect(html.match(/<script(?![^>]*\ssrc=)[^>]*>/g)).toBeNull();
    }
  });

  it("serves hashed assets with their content types, cached for good, and nothing else", async () => {
    const js = await fetch(`${gh.url}/console/${built.script}`);
    expect(js.status).toBe(200);
    expect(js.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    expect(js.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const css = await fetch(`${gh.url}/console/${built.stylesheet}`);
    expect(css.headers.get("content-type")).toBe("text/css; charset=utf-8");
    for (const path of ["/console/assets/app-NOPE.js", "/console/assets/..%2Findex.html", "/console/assets/", "/console/assets/x/y.js"]) {
      const res = await fetch(gh.url + path);
      expect(res.status, path).toBe(404);
      expect(((await res.json()) as { code: string }).code).toBe("NOT_FOUND");
    }
  });

  it("without a build, explains how to make one (503) and serves it once built, without a restart", async () => {
    const empty = join(dir, "later");
    const bare = await startGatehouse({ env: { GATEHOUSE_CONSOLE_DIR: empty } });
    try {
      const res = await fetch(`${bare.url}/console/queue`);
      expect(res.status).toBe(503);
      expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
      expect(await res.text()).toContain("npm run build");
      expect((await fetch(`${bare.url}/healthz`)).status).toBe(200);
      await buildConsole(empty);
      await new Promise((r) => setTimeout(r, 2100));
      expect((await fetch(`${bare.url}/console`)).status).toBe(200);
    } finally {
      await bare.close();
    }
  }, 30_000);
});
