import { readdirSync, readFileSync } from "node:fs";
import { basename, join } from "node:path";
import { loadScanCorpus } from "../../test/support/scan-corpus.js";

/** One labelled text the evaluation scores. */
export interface EvalSample {
  /** Unique within its set (`card-hn-3`, `pii.jsonl:12`). */
  id: string;
  /** Where it came from: the corpus file, or the external set's `source`. */
  origin: string;
  text: string;
  /** The targets it contains: category IDs, or a library's aggregate ID (see `evalTargets`). Empty for a negative. */
  expect: readonly string[];
  /** The one target an external set labels the sample for, positive or negative. */
  category?: string;
}

/** Every sample of the team corpus, `test/fixtures/scan-corpus/*.jsonl`. */
export function loadCorpusSamples(): EvalSample[] {
  return loadScanCorpus().map((s) => ({ id: s.id, origin: s.file, text: s.text, expect: s.expect }));
}

function jsonLines(file: string): { line: number; value: Record<string, unknown> }[] {
  return readFileSync(file, "utf8")
    .split("\n")
    .map((text, i) => ({ text, line: i + 1 }))
    .filter(({ text }) => text.trim() !== "")
    .map(({ text, line }) => {
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch (err) {
        throw new Error(`${file}:${line}: not JSON (${(err as Error).message})`);
      }
      if (typeof value !== "object" || value === null || Array.isArray(value)) throw new Error(`${file}:${line}: not a JSON object`);
      return { line, value: value as Record<string, unknown> };
    });
}

function field<T>(file: string, line: number, value: Record<string, unknown>, name: string, type: "string" | "boolean"): T {
  if (typeof value[name] !== type) throw new Error(`${file}:${line}: "${name}" must be a ${type}`);
  return value[name] as T;
}

/**
 * Every sample of an external evaluation set: `*.jsonl` files in `dir` of
 * `{category, expect, text, source}` lines, `expect` true when `text` holds
 * an instance of `category`. Each sample is labelled for its own category
 * only; for every other target it counts as a negative.
 */
export function loadExternalSamples(dir: string): EvalSample[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith(".jsonl"))
    .sort()
    .flatMap((f) =>
      jsonLines(join(dir, f)).map(({ line, value }) => {
        const file = join(dir, f);
        const category = field<string>(file, line, value, "category", "string");
        const expect = field<boolean>(file, line, value, "expect", "boolean");
        return {
          id: `${f}:${line}`,
          origin: typeof value.source === "string" ? value.source : f,
          text: field<string>(file, line, value, "text", "string"),
          expect: expect ? [category] : [],
          category,
        };
      }),
    );
}

/**
 * The samples of a held-out split: a JSONL file of `{text, expect}` lines,
 * `expect` true for a prompt injection. Scored for the `prompt_injection`
 * aggregate only.
 */
export function loadHoldoutSamples(file: string): EvalSample[] {
  return jsonLines(file).map(({ line, value }) => {
    const expect = field<boolean>(file, line, value, "expect", "boolean");
    return {
      id: `${basename(file)}:${line}`,
      origin: basename(file),
      text: field<string>(file, line, value, "text", "string"),
      expect: expect ? ["prompt_injection"] : [],
      category: "prompt_injection",
    };
  });
}
