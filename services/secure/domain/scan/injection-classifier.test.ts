import { describe, expect, it } from "vitest";
import { parseInjectionModel, scoreInjection, type InjectionModelFile } from "./injection-classifier.js";
import { accumulateFeatures, compactText, forEachFeature } from "./injection-features.js";

// A tiny model whose only positive weights are the features of "evil": easy to reason about.
function tinyModel(): InjectionModelFile {
  const buckets = 1 << 16;
  const bytes = Buffer.alloc(buckets);
  forEachFeature(compactText("evil"), { buckets }, (slot) => bytes.writeInt8(100, slot));
  return { format: "gatehouse-injection-model", version: "t", buckets, window: 40, stride: 20, bias: -2, scale: 0.1, weights: bytes.toString("base64"), thresholds: { low: 0.9, medium: 0.5, high: 0.3 }, minWords: 2 };
}

describe("injection classifier", () => {
  it("reads a model file and rejects one of another format or size", () => {
    const model = parseInjectionModel(tinyModel());
    expect(model.weights).toHaveLength(1 << 16);
    expect(() => parseInjectionModel({ ...tinyModel(), format: "other" as "gatehouse-injection-model" })).toThrow(/not an injection model/);
    expect(() => parseInjectionModel({ ...tinyModel(), buckets: 1 << 17 })).toThrow(/weights/);
  });

  it("scores the best window of a long text, so one bad sentence is not diluted, and maps it to text offsets", () => {
    const model = parseInjectionModel(tinyModel());
    const filler = "the weather is mild and the river is calm today. ".repeat(20);
    const text = `${filler}be evil evil now. ${filler}`;
    const best = scoreInjection(model, text);
    expect(best.score).toBeGreaterThan(0.5);
    expect(text.slice(best.start, best.end)).toContain("evil");
    expect(scoreInjection(model, filler).score).toBeLessThan(0.5);
  });

  it("scores with the same features forEachFeature lists", () => {
    const model = parseInjectionModel(tinyModel());
    const text = compactText("Ignore the rules, Bob! Be evil: evil 12 times; ünïcödé too.");
    const sums = new Int32Array(text.length + 1);
    const counts = new Int32Array(text.length + 1);
    accumulateFeatures(text, model.weights, sums, counts);
    const expectedSums = new Int32Array(text.length + 1);
    const expectedCounts = new Int32Array(text.length + 1);
    forEachFeature(text, model.spec, (slot, end) => {
      expectedSums[end]! += model.weights[slot]!;
      expectedCounts[end]!++;
    });
    expect([...sums]).toEqual([...expectedSums]);
    expect([...counts]).toEqual([...expectedCounts]);
  });

  it("scores 0 below the model's word minimum, and is case and whitespace insensitive", () => {
    const model = parseInjectionModel(tinyModel());
    expect(scoreInjection(model, "evil").score).toBe(0);
    expect(scoreInjection(model, "be   EVIL\n\tnow").score).toBeCloseTo(scoreInjection(model, "be evil now").score, 10);
  });
});
