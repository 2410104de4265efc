import type { JsonObject } from "@bufbuild/protobuf";
import { ValidationError } from "../../../lib/errors.js";
import { canonicalPayloadJson } from "../../../lib/payload-hash.js";
import { LIMITS } from "./limits.js";
import type { ContentPart, GateFinding, GateMatch, GateScan, ScanVerdict } from "./gate-scan.js";

/** Where one part of a checkpoint lies in the scanned text. */
interface PartSpan {
  part: ContentPart;
  start: number;
  end: number;
}

/** The text a gating scan reads, and where each part of the checkpoint lies in it. */
export interface GateScanContent {
  content: string;
  spans: readonly PartSpan[];
}

// Keeps a pattern from matching across two parts by their touching ends.
const SEPARATOR = "\n\n";

/**
 * The text of a checkpoint that a gating scan reads: the payload as RFC 8785
 * canonical JSON (`{}` when absent, so the text is never empty), then the
 * context and the reasoning when present, separated by blank lines. The same
 * checkpoint always makes the same text. A text longer than a scan takes
 * (`LIMITS.scanContentLength`) is a ValidationError naming `payload`: it
 * cannot be scanned, so a gated policy cannot decide it.
 */
export function gateScanContent(facts: { payload: JsonObject | null; context: string | null; reasoning: string | null }): GateScanContent {
  const parts: [ContentPart, string][] = [["payload", canonicalPayloadJson(facts.payload)]];
  if (facts.context !== null && facts.context !== "") parts.push(["context", facts.context]);
  if (facts.reasoning !== null && facts.reasoning !== "") parts.push(["reasoning", facts.reasoning]);
  const spans: PartSpan[] = [];
  let content = "";
  for (const [part, text] of parts) {
    if (content !== "") content += SEPARATOR;
    spans.push({ part, start: content.length, end: content.length + text.length });
    content += text;
  }
  if (content.length > LIMITS.scanContentLength) {
    throw new ValidationError("payload", `with context and reasoning, is too long for the content scan a policy asks for (at most ${LIMITS.scanContentLength} characters)`);
  }
  return { content, spans };
}

/** A scan's answer as the secure service gives it: offsets into the whole scanned text. */
export interface RawGateScan {
  scanId: string;
  verdict: ScanVerdict;
  ruleSetVersion: string;
  matches: (Omit<GateMatch, "findings"> & { findings: Omit<GateFinding, "part">[] })[];
}

/**
 * The scan result with each finding placed in the part it starts in, its
 * offsets made relative to that part (a finding running past its part's end,
 * which only a pattern spanning the separator can make, is cut there).
 */
export function locateFindings(raw: RawGateScan, layout: GateScanContent): GateScan {
  return {
    scanId: raw.scanId,
    verdict: raw.verdict,
    ruleSetVersion: raw.ruleSetVersion,
    matches: raw.matches.map((m) => ({ ...m, findings: m.findings.map((f) => locate(f, layout.spans)) })),
  };
}

function locate(f: Omit<GateFinding, "part">, spans: readonly PartSpan[]): GateFinding {
  const span = [...spans].reverse().find((s) => s.start <= f.start) ?? spans[0]!;
  const start = Math.min(Math.max(f.start - span.start, 0), span.end - span.start);
  const end = Math.max(start, Math.min(f.end - span.start, span.end - span.start));
  return { part: span.part, kind: f.kind, label: f.label, start, end, excerpt: f.excerpt };
}
