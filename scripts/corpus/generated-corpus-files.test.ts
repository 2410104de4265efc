import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CORPUS_SEED, generatedCorpusFiles } from "./generated-corpus-files.js";

const DIR = join(import.meta.dirname, "..", "..", "test", "fixtures", "scan-corpus");

describe("generated corpus files", () => {
  it("are committed as the generators write them (run `npm run corpus` after changing one)", () => {
    for (const [name, text] of Object.entries(generatedCorpusFiles())) expect(readFileSync(join(DIR, name), "utf8"), name).toBe(text);
  });

  it("depend on the seed alone", () => {
    expect(generatedCorpusFiles(CORPUS_SEED)).toEqual(generatedCorpusFiles(CORPUS_SEED));
    expect(generatedCorpusFiles(CORPUS_SEED + 1)["generated-pii.jsonl"]).not.toBe(generatedCorpusFiles()["generated-pii.jsonl"]);
  });

  it("write key prefixes escaped, so the files hold no key in plain text, and read back to the same samples", () => {
    const secrets = generatedCorpusFiles()["generated-secrets.jsonl"]!;
    expect(secrets).not.toMatch(/AKIA|ghp_|glpat-|xoxb-|sk_live|AIza|PRIVATE KEY/);
    const texts = secrets.split("\n").filter(Boolean).map((l) => (JSON.parse(l) as { text: string }).text);
    expect(texts.some((t) => t.includes("AKIA"))).toBe(true);
    expect(texts.some((t) => t.includes("PRIVATE KEY-----"))).toBe(true);
  });
});
