/**
 * Turns the public data named in `scripts/eval/unseen-sources.json` into an
 * external evaluation set (`*.jsonl` of `{category, expect, text, source}`,
 * what `loadExternalSamples` reads), scored for `prompt_injection` only.
 * Pure: the caller reads the files and writes the lines.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";

/** A source of the manifest. */
export interface UnseenSource {
  id: string;
  repo: string;
  commit: string;
  /** The checkout's directory under the data directory (`owner+name`). */
  dir: string;
  /** Files of the checkout, relative to `dir`. */
  paths: string[];
  licence: string;
  parser: "jailbreakbench-artifact" | "prompt-list";
  /** Every text of the source is an attack (true) or benign (false). */
  expect: boolean;
  labels: string;
}

/** One line of the external set. */
export interface ExternalLine {
  category: "prompt_injection";
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
 * The texts of one file of a source. `jailbreakbench-artifact` reads a
 * JailbreakBench artifact (`{parameters, jailbreaks: [{prompt, …}]}`), skipping
 * the behaviours for which the attack produced no prompt (`prompt: null`);
 * `prompt-list` reads a JSON array of `{prompt, …}`. Throws
 * `UnseenSourceFormatError` naming `file` when the shape differs.
 */
export function parseUnseenFile(parser: UnseenSource["parser"], file: string, raw: string): string[] {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch (err) {
    throw new UnseenSourceFormatError(file, `not JSON (${(err as Error).message})`);
  }
  const rows = parser === "jailbreakbench-artifact" ? (isRecord(value) ? value.jailbreaks : undefined) : value;
  if (!Array.isArray(rows)) throw new UnseenSourceFormatError(file, parser === "jailbreakbench-artifact" ? `no "jailbreaks" array` : "not a JSON array");
  const texts: string[] = [];
  rows.forEach((row, i) => {
    const prompt = isRecord(row) ? row.prompt : undefined;
    if (prompt === null && parser === "jailbreakbench-artifact") return;
    if (typeof prompt !== "string") throw new UnseenSourceFormatError(file, `entry ${i}: "prompt" must be a string`);
    if (prompt.trim() !== "") texts.push(prompt);
  });
  return texts;
}

// Whitespace collapsed and lower-cased, so that the same prompt sent to two models counts once.
const keyOf = (text: string) => text.toLowerCase().replace(/\s+/g, " ").trim();
const rank = (text: string) => createHash("sha256").update(keyOf(text)).digest("hex");

/** What `buildUnseenSet` kept and dropped. */
export interface UnseenSet {
  /** Lines per source id, in manifest order. */
  files: Map<string, ExternalLine[]>;
  /** Texts seen before, in the same or an earlier source with the same label. */
  duplicates: number;
  /** Occurrences of texts labelled both ways by different sources: dropped everywhere, as neither label can be trusted. */
  conflicts: number;
  /** Texts left out by the cap. */
  capped: number;
}

/**
 * De-duplicates the texts of every source by normalised text, drops texts
 * two sources label differently, and keeps at most `cap` texts per source:
 * those with the smallest SHA-256 of their normalised text, so the same data
 * gives the same set on any machine. Kept texts stay in source order.
 */
export function buildUnseenSet(parsed: readonly { source: UnseenSource; texts: readonly string[] }[], cap = Infinity): UnseenSet {
  const labelOf = new Map<string, boolean>();
  const conflicted = new Set<string>();
  for (const { source, texts } of parsed) {
    for (const text of texts) {
      const key = keyOf(text);
      const seen = labelOf.get(key);
      if (seen === undefined) labelOf.set(key, source.expect);
      else if (seen !== source.expect) conflicted.add(key);
    }
  }
  const taken = new Set<string>();
  const files = new Map<string, ExternalLine[]>();
  let duplicates = 0;
  let conflicts = 0;
  let capped = 0;
  for (const { source, texts } of parsed) {
    const unique: string[] = [];
    for (const text of texts) {
      const key = keyOf(text);
      if (conflicted.has(key)) conflicts++;
      else if (taken.has(key)) duplicates++;
      else {
        taken.add(key);
        unique.push(text);
      }
    }
    const kept = new Set(unique.length > cap ? unique.map((t) => ({ t, r: rank(t) })).sort((a, b) => (a.r < b.r ? -1 : a.r > b.r ? 1 : 0)).slice(0, cap).map((x) => x.t) : unique);
    capped += unique.length - kept.size;
    const name = `${source.id} (${source.repo}@${source.commit.slice(0, 7)}, ${source.licence.split(" ")[0]})`;
    files.set(
      source.id,
      unique.filter((t) => kept.has(t)).map((text) => ({ category: "prompt_injection", expect: source.expect, text, source: name })),
    );
  }
  return { files, duplicates, conflicts, capped };
}
