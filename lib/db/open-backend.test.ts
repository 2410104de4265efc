import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterEach, describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "..", "..");

// Counts the driver's modules in a fresh process after `script` ran, so that
// no test or other import of this worker can have loaded it already.
async function driverModulesAfter(script: string): Promise<number> {
  const program = `
    import { createRequire } from "node:module";
    const loaded = createRequire(import.meta.url).cache;
    ${script}
    console.log(Object.keys(loaded).filter((k) => k.includes("/node_modules/mongodb/")).length);`;
  const { stdout } = await promisify(execFile)(process.execPath, ["--import", "tsx", "--input-type=module", "-e", program], { cwd: ROOT });
  return Number(stdout.trim().split("\n").pop());
}

describe("openBackend", () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });

  it("keeps the MongoDB driver out of a process on the embedded default", async () => {
    const dir = mkdtempSync(join(tmpdir(), "gatehouse-backend-"));
    dirs.push(dir);
    const embedded = await driverModulesAfter(`
      await import("./cli/serve-all.ts");
      const { openBackend } = await import("./lib/db/open-backend.ts");
      const opened = await openBackend({ dataDir: ${JSON.stringify(dir)} }, "probe");
      if (opened.backend.kind !== "sqlite" || !(await opened.ping())) throw new Error("no SQLite backend");
      await opened.close();`);
    expect(embedded).toBe(0);
    // The probe sees the driver when it is loaded, so the 0 above means something.
    expect(await driverModulesAfter(`await import("./lib/db/mongo.ts");`)).toBeGreaterThan(0);
  }, 60_000);
});
