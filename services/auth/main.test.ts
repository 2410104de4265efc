import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { loadConfig } from "../../lib/config.js";
import { silentLogger } from "../../lib/logger.js";
import { main } from "./main.js";
import { TEST_INTERNAL_SECRET } from "../../test/support/internal-secret.js";

describe("auth main", () => {
  let dir = "";
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "gatehouse-auth-main-"));
  });
  afterEach(() => {
    vi.restoreAllMocks();
    rmSync(dir, { recursive: true, force: true });
  });

  const config = (env: Record<string, string> = {}) =>
    loadConfig({ GATEHOUSE_DATA_DIR: dir, GATEHOUSE_GRPC_PORT: "0", GATEHOUSE_LISTEN_HOST: "127.0.0.1", GATEHOUSE_INTERNAL_SECRETS: TEST_INTERNAL_SECRET, ...env });

  it("serves, prints a generated bootstrap secret once, and closes", async () => {
    const out = vi.spyOn(process.stdout, "write").mockImplementation(() => true);
    const first = await main(config(), silentLogger());
    await first.close();
    const printed = out.mock.calls.map((c) => String(c[0])).join("");
    expect(printed).toMatch(/gh_[A-Za-z0-9_-]{43}/);
    out.mockClear();
    const second = await main(config(), silentLogger());
    await second.close();
    expect(out.mock.calls.map((c) => String(c[0])).join("")).not.toMatch(/gh_/);
  });

  it("prints nothing when the bootstrap key is configured", async () => {
    const out = vi.spyOn(process.stdout, "write").mockImplementation(() => true);
    const running = await main(config({ GATEHOUSE_BOOTSTRAP_KEY: "configured-admin-key" }), silentLogger());
    await running.close();
    expect(out).not.toHaveBeenCalled();
  });

  it("fails with a message naming GATEHOUSE_SIGNING_KEY when it is unusable", async () => {
    await expect(main(config({ GATEHOUSE_SIGNING_KEY: "{}" }), silentLogger())).rejects.toThrow(/GATEHOUSE_SIGNING_KEY/);
  });
});
