import { describe, expect, it } from "vitest";
import { formatScoreTable } from "./report.js";
import { evalTargets, type Confusion, type SectionScore } from "./score.js";
import { checkBars, suggestBars, THRESHOLDS } from "./thresholds.js";

const counts = (c: Partial<Confusion>): Confusion => ({ tp: 0, fp: 0, fn: 0, tn: 0, ownFp: 0, ownTn: 0, ...c });
const section = (entries: Record<string, Partial<Confusion>>): SectionScore => ({
  samples: 100,
  counts: new Map(Object.entries(entries).map(([k, v]) => [k, counts(v)])),
  misses: [],
});

describe("checkBars", () => {
  it("passes figures at or above their bars and reports each one below", () => {
    const score = section({ email: { tp: 9, fp: 1, fn: 1 }, jwt: { tp: 5, fn: 5 } });
    expect(checkBars(score, { email: { precision: 0.9, recall: 0.9 } })).toEqual([]);
    expect(checkBars(score, { email: { precision: 0.95 }, jwt: { recall: 0.6, f1: 0.5 } })).toEqual([
      { target: "email", metric: "precision", measured: 0.9, bar: 0.95 },
      { target: "jwt", metric: "recall", measured: 0.5, bar: 0.6 },
    ]);
  });

  it("checks own-negative precision apart from precision", () => {
    const score = section({ secret: { tp: 90, fp: 30, ownFp: 5, fn: 10 } });
    expect(checkBars(score, { secret: { ownPrecision: 0.9 } })).toEqual([]);
    expect(checkBars(score, { secret: { precision: 0.9 } })).toHaveLength(1);
  });

  it("fails a recall bar with no positive to measure and a bar of a target the section lacks; passes precision with nothing detected", () => {
    const score = section({ iban: { tn: 50 } });
    expect(checkBars(score, { iban: { precision: 0.99 } })).toEqual([]);
    expect(checkBars(score, { iban: { recall: 0.5 } })).toEqual([{ target: "iban", metric: "recall", measured: null, bar: 0.5 }]);
    expect(checkBars(score, { gone: { precision: 0.5 } })).toEqual([{ target: "gone", metric: "precision", measured: null, bar: 0.5 }]);
  });

  it("can skip the bars of targets without a positive sample, for sets that need not hold every category", () => {
    const score = section({ iban: { tn: 50 }, email: { tp: 1, fn: 9 } });
    const bars = { iban: { recall: 0.5 }, email: { recall: 0.5 }, gone: { recall: 0.5 } };
    expect(checkBars(score, bars, true).map((v) => v.target)).toEqual(["email", "gone"]);
  });

  it("holds bars only between 0 and 1, for targets the catalogue knows", () => {
    const known = new Set(evalTargets().map((t) => t.id));
    for (const bars of Object.values(THRESHOLDS)) {
      for (const [target, bar] of Object.entries(bars)) {
        expect(known, target).toContain(target);
        for (const v of Object.values(bar)) {
          expect(v).toBeGreaterThan(0);
          expect(v).toBeLessThanOrEqual(1);
        }
      }
    }
  });
});

describe("suggestBars", () => {
  it("suggests one sample of slack below the measured figures, 1% on large counts, rounded down", () => {
    const score = section({ email: { tp: 19, fp: 0, fn: 1 }, secret: { tp: 900, fp: 50, ownFp: 20, fn: 100 }, none: { tn: 5 } });
    expect(suggestBars(score)).toEqual({ email: { precision: 0.95, recall: 0.9 }, secret: { precision: 0.93, recall: 0.89 } });
    expect(suggestBars(score, true, new Set(["secret"]))).toEqual({ secret: { ownPrecision: 0.96, recall: 0.89 } });
  });
});

describe("formatScoreTable", () => {
  it("prints one fixed-width row per target with its figures, bar and verdict", () => {
    const targets = evalTargets().filter((t) => t.libraryId === "pii");
    const score = section(Object.fromEntries(targets.map((t) => [t.id, t.id === "email" ? { tp: 9, fp: 1, fn: 1, tn: 89 } : { tn: 100 }])));
    const bars = { email: { precision: 0.95, recall: 0.8 } };
    const table = formatScoreTable(score, targets, { bars, violations: checkBars(score, bars) }).split("\n");
    const row = table.find((l) => l.trim().startsWith("email"))!;
    expect(row).toMatch(/^ {2}email +10 +90 +9 +1 +1 +0\.900 +0\.900 +0\.900 +P0\.95 R0\.80 +FAIL$/);
    expect(table.find((l) => l.trim().startsWith("iban"))).toMatch(/–/);
    // Figures sit right-aligned under their column titles.
    expect(table[0]).toMatch(/^target +pos +neg +tp +fp +fn +precision +recall +F1 +bar$/);
    expect(row.indexOf("0.900") + "0.900".length).toBe(table[0]!.indexOf("precision") + "precision".length);
  });
});
