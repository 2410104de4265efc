import { describe, expect, it } from "vitest";
import type { DataCategory, PatternLibrary } from "../../services/secure/domain/catalog.js";
import type { EvalSample } from "./load-samples.js";
import { aggregateIdOf, evalTargets, metricsOf, scoreSamples, type Detect } from "./score.js";

const LIBRARIES: PatternLibrary[] = [
  { id: "secrets", name: "", description: "", categoryIds: ["aws_key", "jwt"] },
  { id: "pii", name: "", description: "", categoryIds: ["email"] },
];
const category = (id: string, libraryId: string): DataCategory => ({ id, name: id, description: "", libraryId, defaultSeverity: "high" });
const CATEGORIES = [category("aws_key", "secrets"), category("jwt", "secrets"), category("email", "pii")];
const TARGETS = evalTargets(LIBRARIES, CATEGORIES);

// A detector that finds the categories named in the text: "aws_key jwt" finds both.
const byName: Detect = (text) => new Set(CATEGORIES.map((c) => c.id).filter((id) => text.includes(id)));
const sample = (id: string, text: string, expect: string[], categoryOf?: string): EvalSample => ({ id, origin: "t", text, expect, category: categoryOf });

describe("evalTargets", () => {
  it("lists each library's aggregate, then its categories, naming the secrets aggregate 'secret'", () => {
    expect(TARGETS.map((t) => t.id)).toEqual(["secret", "aws_key", "jwt", "pii", "email"]);
    expect(TARGETS[0]).toEqual({ id: "secret", libraryId: "secrets", members: ["aws_key", "jwt"], aggregate: true });
    expect(aggregateIdOf("prompt_injection")).toBe("prompt_injection");
  });

  it("picks up every category of the real catalogue", () => {
    const ids = evalTargets().map((t) => t.id);
    expect(ids).toContain("secret");
    expect(ids).toContain("prompt_injection");
    expect(ids).toContain("credit_card");
  });
});

describe("scoreSamples", () => {
  it("counts true and false positives and negatives per category and per library", async () => {
    const score = await scoreSamples(
      [
        sample("a", "aws_key here", ["aws_key"]), // tp aws_key, tp secret
        sample("b", "jwt here", []), // fp jwt, fp secret
        sample("c", "nothing", ["email"]), // fn email, fn pii
        sample("d", "aws_key", ["jwt"]), // fp aws_key, fn jwt, tp secret (any secret counts)
      ],
      byName,
      TARGETS,
    );
    expect(score.counts.get("aws_key")).toMatchObject({ tp: 1, fp: 1, fn: 0, tn: 2 });
    expect(score.counts.get("jwt")).toMatchObject({ tp: 0, fp: 1, fn: 1, tn: 2 });
    expect(score.counts.get("secret")).toMatchObject({ tp: 2, fp: 1, fn: 0, tn: 1 });
    expect(score.counts.get("email")).toMatchObject({ tp: 0, fp: 0, fn: 1, tn: 3 });
    expect(score.misses).toContainEqual({ target: "jwt", kind: "false positive", sampleId: "b" });
    expect(score.misses).toContainEqual({ target: "email", kind: "false negative", sampleId: "c" });
  });

  it("scores a sample labelled with a library's aggregate for the aggregate only, not for that library's categories", async () => {
    const score = await scoreSamples([sample("a", "jwt", ["secret"]), sample("b", "nothing", ["secret"])], byName, TARGETS);
    expect(score.counts.get("secret")).toMatchObject({ tp: 1, fn: 1 });
    expect(score.counts.get("jwt")).toMatchObject({ tp: 0, fp: 0, fn: 0, tn: 0 });
    // Other libraries still read it as a negative.
    expect(score.counts.get("email")).toMatchObject({ tn: 2 });
  });

  it("awaits a detector that answers a promise", async () => {
    const later: Detect = async (text) => byName(text);
    const score = await scoreSamples([sample("a", "jwt", ["jwt"]), sample("b", "email", [])], later, TARGETS);
    expect(score.counts.get("jwt")).toMatchObject({ tp: 1, tn: 1 });
    expect(score.counts.get("email")).toMatchObject({ fp: 1, tn: 1 });
  });

  it("counts false positives on a target's own negatives apart", async () => {
    const score = await scoreSamples(
      [sample("a", "email", [], "email"), sample("b", "email", ["secret"], "secret"), sample("c", "email", ["email"], "email")],
      byName,
      TARGETS,
    );
    const email = score.counts.get("email")!;
    expect(email).toMatchObject({ tp: 1, fp: 2, ownFp: 1 });
    expect(metricsOf(email).precision).toBeCloseTo(1 / 3);
    expect(metricsOf(email).ownPrecision).toBeCloseTo(1 / 2);
  });
});

describe("metricsOf", () => {
  it("computes precision, recall and F1, null where a denominator is zero", () => {
    expect(metricsOf({ tp: 8, fp: 2, fn: 8, tn: 0, ownFp: 0, ownTn: 0 })).toEqual({ precision: 0.8, ownPrecision: 1, recall: 0.5, f1: (2 * 0.8 * 0.5) / 1.3 });
    expect(metricsOf({ tp: 0, fp: 0, fn: 3, tn: 5, ownFp: 0, ownTn: 0 })).toEqual({ precision: null, ownPrecision: null, recall: 0, f1: null });
    expect(metricsOf({ tp: 0, fp: 2, fn: 3, tn: 5, ownFp: 0, ownTn: 0 }).f1).toBe(0);
  });
});
