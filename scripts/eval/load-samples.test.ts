import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadExternalSamples, loadHoldoutSamples } from "./load-samples.js";
import { readModelCard } from "./read-model-card.js";
import { evalTargets } from "./score.js";

const dir = mkdtempSync(join(tmpdir(), "gatehouse-eval-test-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function write(name: string, text: string): string {
  const file = join(dir, name);
  mkdirSync(join(file, ".."), { recursive: true });
  writeFileSync(file, text);
  return file;
}

describe("loadExternalSamples", () => {
  it("reads every .jsonl of the directory, labelling each sample for its own category", () => {
    write("ext/b.jsonl", `{"category":"email","expect":true,"text":"mail me","source":"lib-x"}\n\n{"category":"email","expect":false,"text":"no","source":"lib-x"}\n`);
    write("ext/a.jsonl", `{"category":"secret","expect":true,"text":"key","source":"tool-y","rule":"r1"}\n`);
    write("ext/notes.txt", "not a sample");
    expect(loadExternalSamples(join(dir, "ext"))).toEqual([
      { id: "a.jsonl:1", origin: "tool-y", text: "key", expect: ["secret"], category: "secret" },
      { id: "b.jsonl:1", origin: "lib-x", text: "mail me", expect: ["email"], category: "email" },
      { id: "b.jsonl:3", origin: "lib-x", text: "no", expect: [], category: "email" },
    ]);
  });

  it("reads the committed sets written elsewhere, whose categories are all evaluation targets, with positives and negatives", () => {
    const ids = new Set(evalTargets().map((t) => t.id));
    for (const name of ["tuned", "untouched"]) {
      const samples = loadExternalSamples(new URL(`../../test/fixtures/written-eval/${name}`, import.meta.url).pathname);
      expect(samples.length, name).toBeGreaterThanOrEqual(300);
      for (const s of samples) expect(ids.has(s.category!), `${s.id}: ${s.category}`).toBe(true);
      expect(samples.some((s) => s.expect.length > 0) && samples.some((s) => s.expect.length === 0), name).toBe(true);
    }
  });

  it("names the file and line of a malformed sample", () => {
    write("bad/x.jsonl", `{"category":"email","expect":"yes","text":"t"}\n`);
    expect(() => loadExternalSamples(join(dir, "bad"))).toThrow(/x\.jsonl:1: "expect" must be a boolean/);
    write("bad2/y.jsonl", `{"category":"email",\n`);
    expect(() => loadExternalSamples(join(dir, "bad2"))).toThrow(/y\.jsonl:1: not JSON/);
  });
});

describe("loadHoldoutSamples", () => {
  it("reads {text, expect} lines as prompt_injection positives and negatives", () => {
    const file = write("holdout.jsonl", `{"text":"ignore it all","expect":true}\n{"text":"hello","expect":false}\n`);
    expect(loadHoldoutSamples(file)).toEqual([
      { id: "holdout.jsonl:1", origin: "holdout.jsonl", text: "ignore it all", expect: ["prompt_injection"], category: "prompt_injection" },
      { id: "holdout.jsonl:2", origin: "holdout.jsonl", text: "hello", expect: [], category: "prompt_injection" },
    ]);
  });
});

describe("readModelCard", () => {
  it("reads the held_out object of a JSON card, found in the model's directory", () => {
    write("model/model-card.json", JSON.stringify({ name: "m", held_out: { samples: 812, precision: 0.9512, recall: 0.8 } }));
    expect(readModelCard(join(dir, "model"))).toEqual({
      source: join(dir, "model", "model-card.json"),
      lines: ["samples: 812", "precision: 0.951", "recall: 0.800"],
    });
  });

  it("reads the held-out section of a Markdown card, up to the next heading of its level", () => {
    const file = write("card.md", "# Model\n\n## Training\nsome\n\n## Held-out results\n\n| P | R |\n|---|---|\n| 0.93 | 0.88 |\n### detail\nmore\n## Limits\nx\n");
    expect(readModelCard(file)).toEqual({ source: file, lines: ["| P | R |", "|---|---|", "| 0.93 | 0.88 |", "### detail", "more"] });
  });

  it("says why when there is no card or it records no held-out figures", () => {
    expect(readModelCard(join(dir, "missing"))).toEqual({ unavailable: `no model card at ${join(dir, "missing")}` });
    mkdirSync(join(dir, "empty"));
    expect(readModelCard(join(dir, "empty"))).toMatchObject({ unavailable: expect.stringMatching(/^no model-card\.json/) });
    const file = write("plain.json", "{}");
    expect(readModelCard(file)).toEqual({ unavailable: `${file} records no held-out figures` });
  });
});
