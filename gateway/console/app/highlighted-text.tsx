import type { Finding } from "./api-types.js";

/** Disjoint, ordered spans of `findings` (overlaps merged), clipped to `length`. */
export function highlightSpans(findings: readonly Pick<Finding, "start" | "end" | "label">[], length: number): { start: number; end: number; labels: string[] }[] {
  const sorted = findings
    .filter((f) => f.end > f.start && f.start < length)
    .map((f) => ({ start: Math.max(0, f.start), end: Math.min(length, f.end), labels: [f.label] }))
    .sort((a, b) => a.start - b.start || b.end - a.end);
  const out: { start: number; end: number; labels: string[] }[] = [];
  for (const s of sorted) {
    const last = out[out.length - 1];
    if (last && s.start < last.end) {
      last.end = Math.max(last.end, s.end);
      if (!last.labels.includes(s.labels[0]!)) last.labels.push(s.labels[0]!);
    } else out.push(s);
  }
  return out;
}

/**
 * `text` with each finding marked (`<mark>`, named by its label for screen
 * readers). Offsets are UTF-16 code units, as the scan reports them and as
 * JavaScript strings count.
 */
export function HighlightedText({ text, findings }: { text: string; findings: readonly Finding[] }) {
  const parts = [];
  let at = 0;
  for (const [i, s] of highlightSpans(findings, text.length).entries()) {
    if (s.start > at) parts.push(text.slice(at, s.start));
    parts.push(
      <mark key={i} title={s.labels.join(", ")}>
        {text.slice(s.start, s.end)}
        <span class="sr-only"> (found: {s.labels.join(", ")})</span>
      </mark>,
    );
    at = s.end;
  }
  if (at < text.length) parts.push(text.slice(at));
  return <pre class="sample">{parts}</pre>;
}
