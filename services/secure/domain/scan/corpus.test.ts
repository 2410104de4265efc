import { describe, expect, it } from "vitest";
import { builtInDetect } from "../../../../scripts/eval/built-in-detect.js";
import { loadCorpusSamples } from "../../../../scripts/eval/load-samples.js";
import { formatScoreTable, formatViolations } from "../../../../scripts/eval/report.js";
import { evalTargets, LIBRARY_LEVEL_CATEGORIES, scoreSamples } from "../../../../scripts/eval/score.js";
import { checkBars, THRESHOLDS } from "../../../../scripts/eval/thresholds.js";
import { DATA_CATEGORIES } from "../catalog.js";

// The same corpus, engine, scoring and bars as `npm run eval`, so a detector
// change that lowers a figure below its bar fails here too.
describe("scan quality corpus (test/fixtures/scan-corpus)", () => {
  const corpus = loadCorpusSamples();
  const targets = evalTargets();
  const scoring = scoreSamples(corpus, builtInDetect(), targets);

  it("holds at least 1,000 labelled samples with unique IDs, known labels, positives of every category and hard negatives", async () => {
    const score = await scoring;
    expect(corpus.length).toBeGreaterThanOrEqual(1000);
    expect(new Set(corpus.map((s) => s.id)).size).toBe(corpus.length);
    const known = new Set(targets.map((t) => t.id));
    for (const s of corpus) for (const e of s.expect) expect(known, s.id).toContain(e);
    for (const c of DATA_CATEGORIES.filter((c) => !LIBRARY_LEVEL_CATEGORIES.has(c.id))) {
      const counts = score.counts.get(c.id)!;
      expect(counts.tp + counts.fn, c.id).toBeGreaterThanOrEqual(5);
    }
    expect(corpus.filter((s) => s.expect.length === 0).length).toBeGreaterThanOrEqual(400);
  });

  it("meets the corpus bars of scripts/eval/thresholds.ts", async ({ annotate }) => {
    const score = await scoring;
    const violations = checkBars(score, THRESHOLDS.corpus);
    const report = formatScoreTable(score, targets, { bars: THRESHOLDS.corpus, violations });
    // Shown by `vitest --reporter=verbose`; a failure message carries it too.
    await annotate(report);
    const misses = score.misses.map((m) => `${m.kind} ${m.target}: ${m.sampleId}`);
    expect(formatViolations("corpus", violations), `${report}\n${misses.join("\n")}`).toEqual([]);
  });
});
