import { chmodSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runGitleaks } from "./run-gitleaks.js";

const dir = mkdtempSync(join(tmpdir(), "gatehouse-gitleaks-test-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// A stand-in with gitleaks' command line: `dir SOURCE … --report-path REPORT`;
// it reports every file holding the word LEAK, as gitleaks reports findings.
function fakeGitleaks(body: string): string {
  const bin = join(dir, `gitleaks-${Math.random().toString(36).slice(2)}`);
  writeFileSync(bin, `#!/usr/bin/env bash\nset -e\n[ "$1" = dir ] || exit 2\nsource_dir=$2\nreport=""\nwhile [ $# -gt 0 ]; do [ "$1" = --report-path ] && report=$2; shift; done\n${body}\n`);
  chmodSync(bin, 0o755);
  return bin;
}

describe("runGitleaks", () => {
  it("answers, text by text, whether gitleaks reported a finding in it", async () => {
    const bin = fakeGitleaks(
      `files=$(grep -l LEAK "$source_dir"/*.txt || true)\n{ printf '['; sep=""; for f in $files; do printf '%s{"File":"%s","RuleID":"x"}' "$sep" "$f"; sep=","; done; printf ']'; } > "$report"`,
    );
    expect(await runGitleaks(bin, ["plain", "a LEAK", "also plain", "LEAK again"])).toEqual([false, true, false, true]);
  });

  it("rejects when gitleaks fails or writes no report", async () => {
    await expect(runGitleaks(fakeGitleaks("echo broken >&2; exit 3"), ["x"])).rejects.toThrow(/broken|exit/i);
    await expect(runGitleaks(fakeGitleaks("true"), ["x"])).rejects.toThrow(/ENOENT/);
  });
});
