/**
 * Loads the classifier's training data from a data directory laid out as
 * `scripts/injection-training-sources.json` describes, and splits it
 * deterministically: a sample's split depends only on its text, so anyone
 * with the same data directory (the eval harness included) recomputes the
 * same held-out test split with `injectionSplitOf`.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { gunzipSync } from "node:zlib";
import { syntheticSamples } from "./injection-synthetic.js";
import { parseJsonLines, spikeeSamples, type SpikeeDocument, type SpikeeInstruction, type SpikeeJailbreak, type SpikeeSeeds } from "./spikee-seeds.js";

/** One labelled text; `label` 1 is a prompt injection or jailbreak. */
export interface LabelledSample {
  text: string;
  label: 0 | 1;
  source: string;
}

/** A source of the manifest. */
export interface TrainingSource {
  id: string;
  repo: string;
  commit: string;
  dir: string;
  /** A file, or with `files` a folder that holds them. */
  path: string;
  /** For a parser that reads several files: their paths under `path`. */
  files?: string[];
  licence: string;
  parser: string;
  labels: string;
}

export type Split = "train" | "validation" | "test";

/** The manifest of sources, as committed. */
export function trainingSources(): TrainingSource[] {
  const file = new URL("./injection-training-sources.json", import.meta.url);
  return (JSON.parse(readFileSync(file, "utf8")) as { sources: TrainingSource[] }).sources;
}

// FNV-1a over the text with whitespace collapsed and lower-cased, so trivial copies land together.
function textKey(text: string): number {
  const key = text.toLowerCase().replace(/\s+/g, " ").trim();
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/**
 * The split of a sample: 10% test (held out, never trained or tuned on),
 * 10% validation (picks the thresholds), 80% train, by a hash of its
 * normalised text. Translations of one attack hash apart; see the model card.
 */
export function injectionSplitOf(text: string): Split {
  const bucket = textKey(text) % 10;
  return bucket === 0 ? "test" : bucket === 1 ? "validation" : "train";
}

const SYNTHETIC_SEED = 13;
const SYNTHETIC_PER_FAMILY = 400;
// BIPIA's attack goals that are ordinary requests when sent on their own (the others ask to alter an answer).
const BIPIA_PLAIN_TASKS = ["Information Retrieval", "Content Creation", "Learning and Tutoring", "Language Translation", "Programming Help"];
const NEW_INSTRUCTION_FILLS = ["say hello", "print PWNED", "tell me the password", "write a haiku about cats"];

/** The rows of a CSV text (RFC 4180 quoting: fields in double quotes may hold commas, newlines and doubled quotes). */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      row.push(field);
      field = "";
    } else if (c === "\n" || c === "\r") {
      if (c === "\r" && text[i + 1] === "\n") i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
    } else field += c;
  }
  if (field.length > 0 || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

/**
 * The samples a source's file holds, parsed as its manifest entry says; a
 * source of several `files` passes them by path, and `raw` is then unused.
 * Throws on an unknown parser.
 */
export function parseTrainingSource(source: TrainingSource, raw: Buffer, files: ReadonlyMap<string, Buffer> = new Map()): LabelledSample[] {
  return parse(source, raw, files);
}

// Spikee's seed files by their name in a seed folder; a folder's standalone inputs are listed only where all are plain requests.
function spikeeSeedsOf(files: ReadonlyMap<string, Buffer>): SpikeeSeeds {
  const seeds: SpikeeSeeds = { jailbreaks: [], instructions: [], documents: [], benignInputs: [] };
  for (const [path, raw] of files) {
    const text = raw.toString("utf8");
    const name = path.slice(path.lastIndexOf("/") + 1);
    if (name === "jailbreaks.jsonl") seeds.jailbreaks.push(...parseJsonLines<SpikeeJailbreak>(text));
    else if (name === "instructions.jsonl") seeds.instructions.push(...parseJsonLines<SpikeeInstruction>(text));
    else if (name === "base_user_inputs.jsonl") seeds.documents.push(...parseJsonLines<SpikeeDocument>(text));
    else if (name === "standalone_user_inputs.jsonl") seeds.benignInputs.push(...parseJsonLines<{ text: string }>(text).map((x) => x.text));
    else throw new Error(`spikee-seeds: no reader for ${path}`);
  }
  return seeds;
}

function parse(source: TrainingSource, raw: Buffer, files: ReadonlyMap<string, Buffer>): LabelledSample[] {
  const s = (text: string, label: 0 | 1): LabelledSample => ({ text, label, source: source.id });
  switch (source.parser) {
    case "cyberseceval": {
      const rows = JSON.parse(raw.toString("utf8")) as { user_input: string; test_case_prompt: string }[];
      return [...rows.map((r) => s(r.user_input, 1)), ...rows.map((r) => s(r.test_case_prompt, 0))];
    }
    case "mitre-frr":
      return (JSON.parse(raw.toString("utf8")) as { mutated_prompt: string; is_malicious: boolean }[])
        .filter((r) => !r.is_malicious)
        .map((r) => s(r.mutated_prompt, 0));
    case "lines":
      return raw
        .toString("utf8")
        .split("\n")
        .map((l) => l.trim())
        .filter((l) => l.length > 0)
        .flatMap((l, i) => (l.includes("{NEW_INSTRUCTION}") ? [s(l.replaceAll("{NEW_INSTRUCTION}", NEW_INSTRUCTION_FILLS[i % NEW_INSTRUCTION_FILLS.length]!), 1)] : [s(l, 1)]));
    case "hh-first-turn":
      return parseJsonLines<{ chosen: string }>(gunzipSync(raw).toString("utf8"))
        .map((r) => r.chosen)
        .map((d) => /Human: ([\s\S]*?)\n\nAssistant:/.exec(d)?.[1]?.trim() ?? "")
        .filter((t) => t.length > 0)
        .map((t) => s(t, 0));
    case "bipia-context":
      return parseJsonLines<{ context: string; question: string }>(raw.toString("utf8")).flatMap((r) => [s(r.context, 0), s(r.question, 0)]);
    case "bipia-code":
      return parseJsonLines<{ error: string[]; code: string[]; context: string[] }>(raw.toString("utf8")).flatMap((r) => [
        s(r.error.join("\n"), 0),
        s(r.code.join("\n"), 0),
        s(r.context.join("\n"), 0),
      ]);
    case "fastchat-turns":
      return parseJsonLines<{ turns: string[] }>(raw.toString("utf8")).flatMap((r) => r.turns.map((t) => s(t, 0)));
    case "bipia-tasks": {
      const byCategory = JSON.parse(raw.toString("utf8")) as Record<string, string[]>;
      return BIPIA_PLAIN_TASKS.flatMap((c) => byCategory[c] ?? []).map((t) => s(t, 0));
    }
    case "xstest-safe": {
      const [header, ...rows] = parseCsv(raw.toString("utf8"));
      const prompt = header!.indexOf("prompt");
      const label = header!.indexOf("label");
      return rows.filter((r) => r[label] === "safe" && r[prompt]).map((r) => s(r[prompt]!, 0));
    }
    case "spikee-seeds":
      return spikeeSamples(spikeeSeedsOf(files)).map((x) => s(x.text, x.label));
    case "jsonl-prompt":
      return parseJsonLines<{ prompt: string }>(raw.toString("utf8")).map((r) => s(r.prompt, 0));
    case "written-jsonl":
      return [...files.values()].flatMap((f) => parseJsonLines<{ text: string; expect: boolean }>(f.toString("utf8")).map((r) => s(r.text, r.expect ? 1 : 0)));
    default:
      throw new Error(`unknown parser ${source.parser} for ${source.id}`);
  }
}

/**
 * Every sample of every source of the manifest, de-duplicated by normalised
 * text (a text labelled both ways keeps the attack label). Throws naming the
 * file when a source is missing from `dataDir`.
 */
export function loadInjectionTrainingData(dataDir: string): LabelledSample[] {
  const all: LabelledSample[] = [];
  for (const source of trainingSources()) {
    if (source.parser === "synthetic") {
      all.push(...syntheticSamples(SYNTHETIC_SEED, SYNTHETIC_PER_FAMILY).map((x) => ({ text: x.text, label: x.label, source: `synthetic:${x.family}` })));
      continue;
    }
    const read = (file: string): Buffer => {
      try {
        return readFileSync(file);
      } catch {
        throw new Error(`source ${source.id} is missing: expected ${file} (${source.repo}@${source.commit})`);
      }
    };
    // A source of this repository is read from it, not from the data directory.
    const location = source.repo === "this repository" ? fileURLToPath(new URL(`../${source.path}`, import.meta.url)) : join(dataDir, source.dir, source.path);
    const files = new Map((source.files ?? []).map((f) => [f, read(join(location, f))] as const));
    all.push(...parse(source, source.files ? Buffer.alloc(0) : read(location), files));
  }
  const byKey = new Map<string, LabelledSample>();
  for (const sample of all) {
    if (sample.text.trim().length === 0) continue;
    const key = sample.text.toLowerCase().replace(/\s+/g, " ").trim();
    const seen = byKey.get(key);
    if (!seen || (sample.label === 1 && seen.label === 0)) byKey.set(key, sample);
  }
  return [...byKey.values()];
}
