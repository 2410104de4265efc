import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { defaultConsoleDir, loadConsoleBundle } from "./console-assets.js";

describe("console assets", () => {
  it("are looked for in dist/console of the installation (run from the sources here)", () => {
    expect(defaultConsoleDir()).toBe(resolve(import.meta.dirname, "../../dist/console"));
  });

  it("load the shell and known asset types only, or nothing when there is no build", () => {
    const dir = mkdtempSync(join(tmpdir(), "console-assets-"));
    try {
      expect(loadConsoleBundle(dir)).toBeNull();
      mkdirSync(join(dir, "assets"));
      writeFileSync(join(dir, "index.html"), "<!doctype html>");
      writeFileSync(join(dir, "assets", "app-1.js"), "x");
      writeFileSync(join(dir, "assets", "app-1.css"), "y");
      writeFileSync(join(dir, "assets", "notes.md"), "z");
      const b = loadConsoleBundle(dir)!;
      expect(b.shell.toString()).toBe("<!doctype html>");
      expect([...b.assets.keys()].sort()).toEqual(["app-1.css", "app-1.js"]);
      expect(b.assets.get("app-1.js")!.type).toBe("text/javascript; charset=utf-8");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
