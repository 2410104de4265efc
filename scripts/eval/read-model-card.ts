import { existsSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";

/** What a model card recorded about its held-out split, as lines to print, or why there is nothing. */
export type ModelCardHoldout = { source: string; lines: string[] } | { unavailable: string };

/** The file names looked for when a model card path names a directory (the model's data directory). */
export const MODEL_CARD_NAMES = ["model-card.json", "model-card.md", "MODEL_CARD.md", "README.md"];

function fromJson(text: string): string[] | null {
  const card = JSON.parse(text) as Record<string, unknown>;
  const heldOut = card.held_out ?? card.heldOut ?? card.holdout;
  if (typeof heldOut !== "object" || heldOut === null) return null;
  return Object.entries(heldOut).map(([k, v]) => `${k}: ${typeof v === "number" && !Number.isInteger(v) ? v.toFixed(3) : JSON.stringify(v)}`);
}

function fromMarkdown(text: string): string[] | null {
  const lines = text.split("\n");
  const start = lines.findIndex((l) => /^#+\s.*held[- ]?out/i.test(l));
  if (start < 0) return null;
  const level = /^#+/.exec(lines[start]!)![0].length;
  const end = lines.findIndex((l, i) => i > start && /^#+\s/.test(l) && /^#+/.exec(l)![0].length <= level);
  return lines.slice(start + 1, end < 0 ? undefined : end).filter((l) => l.trim() !== "");
}

/**
 * The held-out figures a model card recorded. `path` is the card itself (a
 * JSON file with a `held_out` object of figures, or a Markdown file with a
 * section whose heading says "held-out") or the directory holding it under
 * one of `MODEL_CARD_NAMES`.
 */
export function readModelCard(path: string): ModelCardHoldout {
  if (!existsSync(path)) return { unavailable: `no model card at ${path}` };
  const file = statSync(path).isDirectory() ? MODEL_CARD_NAMES.map((n) => join(path, n)).find((f) => existsSync(f)) : path;
  if (!file) return { unavailable: `no ${MODEL_CARD_NAMES.join(" / ")} in ${path}` };
  const text = readFileSync(file, "utf8");
  const lines = file.endsWith(".json") ? fromJson(text) : fromMarkdown(text);
  return lines ? { source: file, lines } : { unavailable: `${file} records no held-out figures` };
}
