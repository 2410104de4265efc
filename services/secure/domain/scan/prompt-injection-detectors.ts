import type { Candidate, Detector } from "./detector.js";
import { ENCODED_PAYLOAD_PATTERNS, hidesInjection } from "./encoded-payload.js";
import { findHiddenUnicode } from "./hidden-unicode.js";
import { parseInjectionModel, scoreInjection, type InjectionModelFile } from "./injection-classifier.js";
import modelFile from "./injection-model/v4.json" with { type: "json" };
import { precededBy } from "./keyword-near.js";
import {
  INSTRUCTION_OVERRIDE_PATTERNS,
  ROLEPLAY_JAILBREAK_PATTERNS,
  SYSTEM_PROMPT_EXTRACTION_PATTERNS,
} from "./prompt-injection-patterns.js";

// "Do not ignore the previous instructions" asks for the opposite of an override.
const NEGATIONS = ["not ", "n't ", "never ", "nicht ", "no ", "ne pas "];

function notNegated(c: Candidate): boolean {
  return !precededBy(c.text, c.start, NEGATIONS);
}

/** The classifier model shipped with this version (see `injection-model/MODEL_CARD.md`). */
export const INJECTION_MODEL = parseInjectionModel(modelFile as InjectionModelFile);

/**
 * Detectors of the `prompt_injection` library, in two layers. The heuristic
 * layer: phrase detectors run on the detection view (NFKC, invisible
 * characters removed, confusables and leetspeak folded), so full-width or
 * Cyrillic letters, zero-width characters and "1gn0re" do not hide a phrase;
 * `hidden_unicode` looks at the original text, where those characters still
 * are. The classifier layer: `injection_classifier` scores the detection view
 * with the trained model and reports the best span when no heuristic finding
 * overlaps it.
 */
export const PROMPT_INJECTION_DETECTORS: readonly Detector[] = [
  {
    category: "instruction_override",
    patterns: INSTRUCTION_OVERRIDE_PATTERNS,
    validate: notNegated,
    keywords: ["ignore", "disregard", "instructions", "override"],
    keywordWindow: 0,
    mask: { kind: "text" },
    view: "detection",
    layer: "heuristic",
  },
  {
    category: "system_prompt_extraction",
    patterns: SYSTEM_PROMPT_EXTRACTION_PATTERNS,
    validate: notNegated,
    keywords: ["system prompt", "instructions", "reveal", "repeat"],
    keywordWindow: 0,
    mask: { kind: "text" },
    view: "detection",
    layer: "heuristic",
  },
  {
    category: "roleplay_jailbreak",
    patterns: ROLEPLAY_JAILBREAK_PATTERNS,
    validate: notNegated,
    keywords: ["pretend", "act as", "dan", "jailbreak", "developer mode"],
    keywordWindow: 0,
    mask: { kind: "text" },
    view: "detection",
    layer: "heuristic",
  },
  {
    category: "encoded_payload",
    patterns: ENCODED_PAYLOAD_PATTERNS,
    validate: hidesInjection,
    keywords: ["base64", "decode", "hex", "encoded"],
    keywordWindow: 0,
    mask: { kind: "text" },
    layer: "heuristic",
  },
  {
    category: "hidden_unicode",
    patterns: [],
    keywords: [],
    keywordWindow: 0,
    mask: { kind: "invisible" },
    scanOriginal: findHiddenUnicode,
    layer: "heuristic",
  },
  {
    category: "injection_classifier",
    patterns: [],
    keywords: [],
    keywordWindow: 0,
    mask: { kind: "text" },
    view: "detection",
    layer: "classifier",
    classify: (text) => scoreInjection(INJECTION_MODEL, text),
    // The most sensitive threshold: each rule keeps the findings its own sensitivity allows (see PlannedRule).
    threshold: Math.min(INJECTION_MODEL.thresholds.low, INJECTION_MODEL.thresholds.medium, INJECTION_MODEL.thresholds.high),
    // One finding per attack: where a phrase pattern already names it, the model adds nothing.
    yieldsTo: ["instruction_override", "system_prompt_extraction", "roleplay_jailbreak", "encoded_payload"],
  },
];
