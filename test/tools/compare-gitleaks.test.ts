import { chmodSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { compareWithGitleaks, teamCorpusSecretSamples, type SecretSample } from "../../scripts/compare-gitleaks.js";

// A stand-in for the gitleaks binary with its command line and report format:
// `dir <path> … --report-path <file>`, reporting every file that holds "LEAK".
const dir = mkdtempSync(join(tmpdir(), "fake-gitleaks-"));
const fake = join(dir, "gitleaks");
writeFileSync(
  fake,
  `#!/usr/bin/env node
const fs = require("node:fs"), path = require("node:path");
const args = process.argv.slice(2);
if (args[0] !== "dir") process.exit(2);
const target = args[1], report = args[args.indexOf("--report-path") + 1];
const leaks = fs.readdirSync(target).filter((f) => fs.readFileSync(path.join(target, f), "utf8").includes("LEAK")).map((f) => ({ File: path.join(target, f) }));
fs.writeFileSync(report, JSON.stringify(leaks));
`,
);
chmodSync(fake, 0o755);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("compareWithGitleaks", () => {
  it("scores both tools on the same samples, mapping gitleaks' report files back to samples", () => {
    const samples: SecretSample[] = [
      { id: "a", text: "DIGITALOCEAN_TOKEN=dop_v1_" + "3f9a0c7e1b5d2486".repeat(4) + " LEAK", expect: true },
      { id: "b", text: "nothing to see LEAK", expect: false },
      { id: "c", text: "password = hunter2", expect: false },
      { id: "d", text: "export STRIPE=sk_" + "live_51Hq8Zx3Lm9Pv2Rk7Nw4Yb6Hc1", expect: true },
    ];
    const c = compareWithGitleaks(samples, fake);
    expect(c.samples).toBe(4);
    expect(c.gatehouse).toMatchObject({ tp: 2, fp: 0, fn: 0, tn: 2, precision: 1, recall: 1 });
    expect(c.gitleaks).toMatchObject({ tp: 1, fp: 1, fn: 1, tn: 1, precision: 0.5, recall: 0.5 });
  });

  it("labels the team corpus by the secrets library's categories", () => {
    const samples = teamCorpusSecretSamples();
    expect(samples.some((s) => s.expect && s.id.startsWith("provider-tp"))).toBe(true);
    expect(samples.find((s) => s.id === "secret-hn-1")?.expect).toBe(false);
  });
});
