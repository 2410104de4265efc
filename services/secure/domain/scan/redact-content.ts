/** A span of the original content to replace, and the kind that names its placeholder. */
export interface RedactionSpan {
  start: number;
  end: number;
  /** Category or finding kind, e.g. `email`; the placeholder is `<EMAIL_n>`. */
  kind: string;
}

/**
 * The content with every span replaced by a placeholder `<KIND_n>`: the same
 * value (same kind, same text) gets the same placeholder everywhere, distinct
 * values are numbered per kind in order of first appearance. Overlapping
 * spans merge into one (named after the span that starts first, the longer
 * one on a tie). Empty spans are ignored. With `truncateAt` set, everything
 * from that offset on is replaced by `<TRUNCATED>` (used when matching
 * stopped early, so nothing unmatched is shown as if it were clean).
 */
export function redactContent(content: string, spans: readonly RedactionSpan[], truncateAt?: number): string {
  const limit = truncateAt === undefined ? content.length : Math.min(truncateAt, content.length);
  const sorted = spans
    .filter((s) => s.end > s.start && s.start < limit)
    .map((s) => ({ ...s, end: Math.min(s.end, limit) }))
    .sort((a, b) => a.start - b.start || b.end - a.end);
  const merged: RedactionSpan[] = [];
  for (const s of sorted) {
    const last = merged[merged.length - 1];
    if (last && s.start < last.end) last.end = Math.max(last.end, s.end);
    else merged.push({ ...s });
  }
  const numbers = new Map<string, Map<string, number>>();
  let out = "";
  let at = 0;
  for (const s of merged) {
    const label = s.kind.toUpperCase().replace(/[^A-Z0-9]+/g, "_");
    const values = numbers.get(label) ?? new Map<string, number>();
    numbers.set(label, values);
    const value = content.slice(s.start, s.end);
    let n = values.get(value);
    if (n === undefined) {
      n = values.size + 1;
      values.set(value, n);
    }
    out += content.slice(at, s.start) + `<${label}_${n}>`;
    at = s.end;
  }
  out += content.slice(at, limit);
  if (limit < content.length) out += "<TRUNCATED>";
  return out;
}
