import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

/**
 * Which of `texts` gitleaks (8.19 or later, its `dir` command, default
 * rules) reports a secret in. Each text is written to a file of its own in a
 * temporary directory and one gitleaks run scans them all. Rejects when the
 * binary fails or writes no report.
 */
export async function runGitleaks(bin: string, texts: readonly string[], timeoutMs = 120_000): Promise<boolean[]> {
  const dir = mkdtempSync(join(tmpdir(), "gatehouse-eval-gitleaks-"));
  try {
    const source = join(dir, "samples");
    const report = join(dir, "report.json");
    mkdirSync(source);
    texts.forEach((text, i) => writeFileSync(join(source, `s${i}.txt`), text));
    await run(bin, ["dir", source, "--report-format", "json", "--report-path", report, "--exit-code", "0", "--no-banner", "--log-level", "error"], {
      timeout: timeoutMs,
      maxBuffer: 16 * 1024 * 1024,
    });
    const findings = JSON.parse(readFileSync(report, "utf8")) as { File?: string }[];
    const hit = texts.map(() => false);
    for (const f of findings) {
      const i = /s(\d+)\.txt$/.exec(f.File ?? "")?.[1];
      if (i !== undefined) hit[Number(i)] = true;
    }
    return hit;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
