import type { Candidate, Detector } from "./detector.js";
import { ENCODED_PAYLOAD_PATTERNS, hidesInjection } from "./encoded-payload.js";
import { findHiddenUnicode } from "./hidden-unicode.js";
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

/**
 * Detectors of the `prompt_injection` library. Phrase detectors run on the
 * normalised text, so full-width letters, stylised Unicode and zero-width
 * characters inside words do not hide a phrase; `hidden_unicode` looks at the
 * original text, where those characters still are.
 */
export const PROMPT_INJECTION_DETECTORS: readonly Detector[] = [
  {
    category: "instruction_override",
    patterns: INSTRUCTION_OVERRIDE_PATTERNS,
    validate: notNegated,
    keywords: ["ignore", "disregard", "instructions", "override"],
    keywordWindow: 0,
    mask: { kind: "text" },
  },
  {
    category: "system_prompt_extraction",
    patterns: SYSTEM_PROMPT_EXTRACTION_PATTERNS,
    validate: notNegated,
    keywords: ["system prompt", "instructions", "reveal", "repeat"],
    keywordWindow: 0,
    mask: { kind: "text" },
  },
  {
    category: "roleplay_jailbreak",
    patterns: ROLEPLAY_JAILBREAK_PATTERNS,
    validate: notNegated,
    keywords: ["pretend", "act as", "dan", "jailbreak", "developer mode"],
    keywordWindow: 0,
    mask: { kind: "text" },
  },
  {
    category: "encoded_payload",
    patterns: ENCODED_PAYLOAD_PATTERNS,
    validate: hidesInjection,
    keywords: ["base64", "decode", "hex", "encoded"],
    keywordWindow: 0,
    mask: { kind: "text" },
  },
  {
    category: "hidden_unicode",
    patterns: [],
    keywords: [],
    keywordWindow: 0,
    mask: { kind: "invisible" },
    scanOriginal: findHiddenUnicode,
  },
];
