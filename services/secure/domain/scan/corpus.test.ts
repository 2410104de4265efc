import { describe, expect, it } from "vitest";
import { loadScanCorpus } from "../../../../test/support/scan-corpus.js";
import { BUILT_IN_RULES } from "../built-in-rules.js";
import { DATA_CATEGORIES } from "../catalog.js";
import { compileScanPlan } from "./compile-scan-plan.js";
import { aRule, scan } from "./scan-fixture.js";

// Categories whose detectors verify a checksum or an issuing range: they must be precise and complete.
const CHECKSUM_VALIDATED = ["credit_card", "iban", "us_ssn"];
const CHECKSUM_BAR = 0.95;
// Every other category is held to this, so a regression in any detector shows.
const OTHER_BAR = 0.9;
// The classifier names no particular attack: it is scored with its library
// (a sample expecting any prompt-injection category counts as found when any
// of them, the classifier included, reports it), held to this bar.
const CLASSIFIER = "injection_classifier";
const LIBRARY_BAR = 0.95;

interface Score {
  tp: number;
  fp: number;
  fn: number;
}

const precision = (s: Score) => (s.tp + s.fp === 0 ? 1 : s.tp / (s.tp + s.fp));
const recall = (s: Score) => (s.tp + s.fn === 0 ? 1 : s.tp / (s.tp + s.fn));

describe("scan quality corpus (test/fixtures/scan-corpus)", () => {
  const corpus = loadScanCorpus();
  // The built-in rules are what every workspace scans with: all three libraries.
  const plan = compileScanPlan(BUILT_IN_RULES.map((r) => aRule(r.id, { ...r.spec })));
  const scores = new Map<string, Score>(DATA_CATEGORIES.filter((c) => c.id !== CLASSIFIER).map((c) => [c.id, { tp: 0, fp: 0, fn: 0 }]));
  const injection = new Set(DATA_CATEGORIES.filter((c) => c.libraryId === "prompt_injection").map((c) => c.id));
  const library: Score = { tp: 0, fp: 0, fn: 0 };
  const misses: string[] = [];
  for (const sample of corpus) {
    const found = new Set(scan(plan, sample.text).matches.flatMap((m) => m.findings.map((f) => f.kind)));
    const expected = sample.expect.some((e) => injection.has(e));
    const detected = [...found].some((k) => injection.has(k));
    if (expected && detected) library.tp++;
    else if (detected) {
      library.fp++;
      misses.push(`false positive prompt_injection library: ${sample.id}`);
    } else if (expected) {
      library.fn++;
      misses.push(`false negative prompt_injection library: ${sample.id}`);
    }
    for (const [category, score] of scores) {
      const expected = sample.expect.includes(category);
      const detected = found.has(category);
      if (expected && detected) score.tp++;
      else if (detected) {
        score.fp++;
        misses.push(`false positive ${category}: ${sample.id}`);
      } else if (expected) {
        score.fn++;
        misses.push(`false negative ${category}: ${sample.id}`);
      }
    }
  }

  it("holds at least 300 labelled samples with unique IDs, known labels and a true positive of every category", () => {
    expect(corpus.length).toBeGreaterThanOrEqual(300);
    expect(new Set(corpus.map((s) => s.id)).size).toBe(corpus.length);
    const known = new Set(DATA_CATEGORIES.map((c) => c.id));
    for (const s of corpus) for (const e of s.expect) expect(known, s.id).toContain(e);
    for (const [category, score] of scores) expect(score.tp + score.fn, category).toBeGreaterThanOrEqual(5);
    expect(corpus.filter((s) => s.expect.length === 0).length).toBeGreaterThanOrEqual(150);
  });

  it("reports precision and recall per category and meets the bars", async ({ annotate }) => {
    const lines = ["category                    precision  recall  tp  fp  fn"];
    lines.push(`${"prompt_injection (library)".padEnd(27)} ${precision(library).toFixed(3).padStart(9)} ${recall(library).toFixed(3).padStart(7)} ${String(library.tp).padStart(3)} ${String(library.fp).padStart(3)} ${String(library.fn).padStart(3)}`);
    for (const [category, s] of scores) {
      lines.push(
        `${category.padEnd(27)} ${precision(s).toFixed(3).padStart(9)} ${recall(s).toFixed(3).padStart(7)} ${String(s.tp).padStart(3)} ${String(s.fp).padStart(3)} ${String(s.fn).padStart(3)}`,
      );
    }
    const report = lines.join("\n");
    // Shown by `vitest --reporter=verbose`; a failure message carries it too.
    await annotate(report);
    for (const [category, s] of scores) {
      const bar = CHECKSUM_VALIDATED.includes(category) ? CHECKSUM_BAR : OTHER_BAR;
      expect(precision(s), `${category} precision\n${report}\n${misses.join("\n")}`).toBeGreaterThanOrEqual(bar);
      expect(recall(s), `${category} recall\n${report}\n${misses.join("\n")}`).toBeGreaterThanOrEqual(bar);
    }
    expect(precision(library), `prompt_injection library precision\n${report}\n${misses.join("\n")}`).toBeGreaterThanOrEqual(LIBRARY_BAR);
    expect(recall(library), `prompt_injection library recall\n${report}\n${misses.join("\n")}`).toBeGreaterThanOrEqual(LIBRARY_BAR);
  });
});
