import RE2 from "re2";
import type { Candidate, DetectorPattern } from "./detector.js";
import {
  INSTRUCTION_OVERRIDE_PATTERNS,
  ROLEPLAY_JAILBREAK_PATTERNS,
  SYSTEM_PROMPT_EXTRACTION_PATTERNS,
} from "./prompt-injection-patterns.js";

/** Candidates of the `encoded_payload` category: runs that may be base64, hex or percent-encoded text. */
export const ENCODED_PAYLOAD_PATTERNS: readonly DetectorPattern[] = [
  { source: "[A-Za-z0-9+/_-]{24,}={0,2}", flags: "" },
  { source: "\\b(?:[0-9A-Fa-f]{2}){12,}\\b", flags: "" },
  { source: "(?:%[0-9A-Fa-f]{2}){12,}", flags: "" },
];

/** Longest encoded run decoded, in characters; longer runs are checked on their first part. */
export const MAX_DECODED_INPUT = 16_384;

const INJECTION = [...INSTRUCTION_OVERRIDE_PATTERNS, ...SYSTEM_PROMPT_EXTRACTION_PATTERNS, ...ROLEPLAY_JAILBREAK_PATTERNS].map(
  (p) => new RE2(p.source, `${p.flags}u`),
);

function decode(value: string): string | null {
  const run = value.slice(0, MAX_DECODED_INPUT);
  if (run.startsWith("%")) {
    try {
      return decodeURIComponent(run);
    } catch {
      return null;
    }
  }
  if (/^(?:[0-9A-Fa-f]{2})+$/.test(run) && run.length % 2 === 0) return Buffer.from(run, "hex").toString("utf8");
  return Buffer.from(run, "base64").toString("utf8");
}

// Decoded text must read as text (mostly printable), not as binary a hash or image decodes to.
function readable(text: string): boolean {
  if (text.length < 12) return false;
  const printable = text.match(/[\x20-\x7E\t\r\n\u00A0-\uFFFF]/g)?.length ?? 0;
  return !text.includes("\uFFFD") && printable / text.length >= 0.95;
}

/**
 * True when the candidate decodes (base64 or base64url, hex, or percent
 * encoding) to readable text that itself contains an instruction override,
 * a system-prompt extraction or a role-play jailbreak. Benign encoded data
 * (an image, a hash, base64 of ordinary text) is not a finding.
 */
export function hidesInjection({ value }: Candidate): boolean {
  const decoded = decode(value);
  if (decoded === null || !readable(decoded)) return false;
  return INJECTION.some((re) => re.test(decoded));
}
