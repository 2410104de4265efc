/**
 * Turns the public data named in `scripts/eval/unseen-sources.json` into an
 * external evaluation set (`*.jsonl` of `{category, expect, text, source}`,
 * what `loadExternalSamples` reads): prompt-injection attacks and benign
 * prompts, and secret scanners' test inputs labelled by their own tests.
 * Pure: the caller reads the files and writes the lines.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { goDetectorTestCases } from "./go-detector-tests.js";

/** The categories an unseen source is labelled for. */
export type UnseenCategory = "prompt_injection" | "secret";

/** A source of the manifest. */
export interface UnseenSource {
  id: string;
  repo: string;
  commit: string;
  /** The checkout's directory under the data directory (`owner+name`). */
  dir: string;
  /** Files of the checkout, relative to `dir`; for `go-detector-tests`, directories whose `_test.go` files are read. */
  paths: string[];
  licence: string;
  parser: "jailbreakbench-artifact" | "prompt-list" | "go-detector-tests";
  /** What the texts are labelled for; default `prompt_injection`. */
  category?: UnseenCategory;
  /** Every text of the source is an attack (true) or benign (false); absent where each case carries its own label. */
  expect?: boolean;
  /** Most texts kept of this source; default the importer's `--cap`. */
  cap?: number;
  labels: string;
}

/** One text of a source with its label. */
export interface LabelledText {
  text: string;
  expect: boolean;
}

/** One line of the external set. */
export interface ExternalLine {
  category: UnseenCategory;
  expect: boolean;
  text: string;
  source: string;
}

/** A file that does not have the shape its parser reads. */
export class UnseenSourceFormatError extends Error {
  constructor(file: string, problem: string) {
    super(`${file}: ${problem}`);
    this.name = "UnseenSourceFormatError";
  }
}

/** The manifest of sources, as committed. */
export function unseenSources(): UnseenSource[] {
  const file = new URL("./unseen-sources.json", import.meta.url);
  return (JSON.parse(readFileSync(file, "utf8")) as { sources: UnseenSource[] }).sources;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * The labelled texts of one file of `source`. `jailbreakbench-artifact`
 * reads a JailbreakBench artifact (`{parameters, jailbreaks: [{prompt, …}]}`),
 * skipping the behaviours for which the attack produced no prompt
 * (`prompt: null`); `prompt-list` reads a JSON array of `{prompt, …}`; both
 * label every text `source.expect`. `go-detector-tests` reads a Go test file
 * of a secret scanner's detector and labels each case's input by whether the
 * test expects a secret in it (see `goDetectorTestCases`; cases it cannot
 * evaluate are left out). Throws `UnseenSourceFormatError` naming `file` when
 * the shape differs.
 */
export function parseUnseenFile(source: Pick<UnseenSource, "parser" | "expect">, file: string, raw: string): LabelledText[] {
  if (source.parser === "go-detector-tests") {
    return goDetectorTestCases(raw)
      .cases.filter((c) => c.input.trim() !== "")
      .map((c) => ({ text: c.input, expect: c.found }));
  }
  if (source.expect === undefined) throw new UnseenSourceFormatError(file, `a ${source.parser} source needs "expect"`);
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch (err) {
    throw new UnseenSourceFormatError(file, `not JSON (${(err as Error).message})`);
  }
  const jbb = source.parser === "jailbreakbench-artifact";
  const rows = jbb ? (isRecord(value) ? value.jailbreaks : undefined) : value;
  if (!Array.isArray(rows)) throw new UnseenSourceFormatError(file, jbb ? `no "jailbreaks" array` : "not a JSON array");
  const texts: LabelledText[] = [];
  rows.forEach((row, i) => {
    const prompt = isRecord(row) ? row.prompt : undefined;
    if (prompt === null && jbb) return;
    if (typeof prompt !== "string") throw new UnseenSourceFormatError(file, `entry ${i}: "prompt" must be a string`);
    if (prompt.trim() !== "") texts.push({ text: prompt, expect: source.expect! });
  });
  return texts;
}

// A prompt's key is its text with whitespace collapsed and lower-cased, so that the same prompt sent
// to two models counts once; a secret scanner's input is kept exactly, as a token's case is its own.
const keyOf = (category: UnseenCategory, text: string) => (category === "secret" ? `secret\u0000${text}` : text.toLowerCase().replace(/\s+/g, " ").trim());
const rank = (key: string) => createHash("sha256").update(key).digest("hex");

/** What `buildUnseenSet` kept and dropped. */
export interface UnseenSet {
  /** Lines per source id, in manifest order. */
  files: Map<string, ExternalLine[]>;
  /** Texts seen before, in the same or an earlier source, with the same label. */
  duplicates: number;
  /** Occurrences of texts labelled both ways: dropped everywhere, as neither label can be trusted. */
  conflicts: number;
  /** Texts left out by the cap. */
  capped: number;
}

/**
 * De-duplicates the texts of every source (prompts by normalised text,
 * secret-scanner inputs exactly), drops texts labelled both ways (by two
 * sources, or by two cases of one), and keeps at most `cap` texts per source
 * (the source's own `cap` first): those with the smallest SHA-256 of their
 * key, so the same data gives the same set on any machine. Kept texts stay in
 * source order.
 */
export function buildUnseenSet(parsed: readonly { source: UnseenSource; texts: readonly LabelledText[] }[], cap = Infinity): UnseenSet {
  const labelOf = new Map<string, boolean>();
  const conflicted = new Set<string>();
  for (const { source, texts } of parsed) {
    for (const { text, expect } of texts) {
      const key = keyOf(source.category ?? "prompt_injection", text);
      const seen = labelOf.get(key);
      if (seen === undefined) labelOf.set(key, expect);
      else if (seen !== expect) conflicted.add(key);
    }
  }
  const taken = new Set<string>();
  const files = new Map<string, ExternalLine[]>();
  let duplicates = 0;
  let conflicts = 0;
  let capped = 0;
  for (const { source, texts } of parsed) {
    const category = source.category ?? "prompt_injection";
    const most = source.cap ?? cap;
    const unique: (LabelledText & { key: string })[] = [];
    for (const t of texts) {
      const key = keyOf(category, t.text);
      if (conflicted.has(key)) conflicts++;
      else if (taken.has(key)) duplicates++;
      else {
        taken.add(key);
        unique.push({ ...t, key });
      }
    }
    const kept = new Set(unique.length > most ? unique.map((t) => ({ key: t.key, r: rank(t.key) })).sort((a, b) => (a.r < b.r ? -1 : a.r > b.r ? 1 : 0)).slice(0, most).map((x) => x.key) : unique.map((t) => t.key));
    capped += unique.length - kept.size;
    const name = `${source.id} (${source.repo}@${source.commit.slice(0, 7)}, ${source.licence.split(" ")[0]})`;
    files.set(
      source.id,
      unique.filter((t) => kept.has(t.key)).map(({ text, expect }) => ({ category, expect, text, source: name })),
    );
  }
  return { files, duplicates, conflicts, capped };
}
