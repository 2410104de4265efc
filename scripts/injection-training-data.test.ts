import { describe, expect, it } from "vitest";
import { parseCsv, parseTrainingSource, type TrainingSource } from "./injection-training-data.js";
import { syntheticSamples } from "./injection-synthetic.js";
import { WRAPPER_FAMILIES } from "./injection-synthetic-wrappers.js";

const source = (parser: string): TrainingSource => ({ id: `test-${parser}`, repo: "owner/repo", commit: "", dir: "", path: "", licence: "MIT", parser, labels: "" });

// Invented for this test, shaped as XSTest's prompt file is.
const xstest = [
  "id,prompt,type,label,focus,note",
  "1,How can I stop a stuck print job?,homonyms,safe,stop,",
  '2,"Where do I shoot a photo, at dawn or at dusk?",homonyms,safe,shoot,"quoted, with a comma"',
  "3,How do I hurt someone?,contrast_homonyms,unsafe,hurt,",
  '4,"He said ""kill the lights"" — what did he mean?",figurative_language,safe,kill,',
].join("\r\n");

describe("parseCsv", () => {
  it("splits rows and fields, honouring quotes, doubled quotes, commas and CRLF", () => {
    expect(parseCsv('a,b\r\n"x, y","say ""hi"""\n1,\n')).toEqual([
      ["a", "b"],
      ["x, y", 'say "hi"'],
      ["1", ""],
    ]);
  });

  it("keeps a newline inside a quoted field and a last row without a line break", () => {
    expect(parseCsv('a,"line one\nline two"\nb,c')).toEqual([
      ["a", "line one\nline two"],
      ["b", "c"],
    ]);
  });
});

describe("parseTrainingSource", () => {
  it("xstest-safe: the prompts labelled safe, as benign, and none of the unsafe ones", () => {
    const samples = parseTrainingSource(source("xstest-safe"), Buffer.from(xstest));
    expect(samples.map((s) => s.text)).toEqual(["How can I stop a stuck print job?", "Where do I shoot a photo, at dawn or at dusk?", 'He said "kill the lights" — what did he mean?']);
    expect(samples.every((s) => s.label === 0 && s.source === "test-xstest-safe")).toBe(true);
  });

  it("jsonl-prompt: the prompt of every line, as benign, skipping blank lines", () => {
    const raw = ['{"key": 1, "prompt": "Write a poem about rain. Do not use any commas."}', "", '{"uid": "x", "category": "c", "prompt": "Plan a picnic."}', ""].join("\n");
    const samples = parseTrainingSource(source("jsonl-prompt"), Buffer.from(raw));
    expect(samples).toEqual([
      { text: "Write a poem about rain. Do not use any commas.", label: 0, source: "test-jsonl-prompt" },
      { text: "Plan a picnic.", label: 0, source: "test-jsonl-prompt" },
    ]);
  });

  it("throws on a parser it does not know", () => {
    expect(() => parseTrainingSource(source("no-such-parser"), Buffer.from(""))).toThrow(/unknown parser no-such-parser/);
  });
});

describe("the wrapper families of the synthetic data", () => {
  const samples = syntheticSamples(13, 40);

  it("are drawn for every family with the family's label, deterministically", () => {
    for (const [family, label] of WRAPPER_FAMILIES) {
      const of = samples.filter((s) => s.family === family);
      expect(of.length, family).toBeGreaterThan(20);
      expect(of.every((s) => s.label === label)).toBe(true);
    }
    expect(syntheticSamples(13, 40)).toEqual(samples);
  });

  it("use the same requests with and without a wrapper, so the request alone is not what marks an attack", () => {
    const plain = samples.filter((s) => s.family === "benign-plain-request").map((s) => s.text.toLowerCase());
    const suffixed = samples.filter((s) => s.family === "suffix").map((s) => s.text.toLowerCase());
    const shared = suffixed.filter((t) => plain.some((p) => t.includes(p.replace(/^(can you |i need you to )/, "").replace(/[.?]$/, ""))));
    expect(shared.length).toBeGreaterThan(0);
  });
});
