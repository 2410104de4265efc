import { metricsOf, type Confusion, type EvalTarget, type SectionScore } from "./score.js";
import type { Bar, Bars, Violation } from "./thresholds.js";

/** How `formatScoreTable` lays a section out. */
export interface TableOptions {
  /** Adds the column of precision on each target's own negatives (external sets). */
  ownPrecision?: boolean;
  /** Lists only targets with a positive sample (their bars are not checked); the others' findings go in one line below. */
  labelledOnly?: boolean;
  bars?: Bars;
  violations?: readonly Violation[];
}

const fixed = (v: number | null) => (v === null ? "–" : v.toFixed(3));

function barText(bar: Bar | undefined): string {
  if (!bar) return "";
  const parts: string[] = [];
  if (bar.precision !== undefined) parts.push(`P${bar.precision.toFixed(2)}`);
  if (bar.ownPrecision !== undefined) parts.push(`oP${bar.ownPrecision.toFixed(2)}`);
  if (bar.recall !== undefined) parts.push(`R${bar.recall.toFixed(2)}`);
  if (bar.f1 !== undefined) parts.push(`F${bar.f1.toFixed(2)}`);
  return parts.join(" ");
}

interface Column {
  title: string;
  width: number;
  left?: boolean;
}

function line(columns: readonly Column[], cells: readonly string[]): string {
  return columns
    .map((c, i) => (c.left ? cells[i]!.padEnd(c.width) : cells[i]!.padStart(c.width)))
    .join("  ")
    .trimEnd();
}

/**
 * A fixed-width table of one section: per target (each library's aggregate,
 * then its categories, indented) the positives and negatives scored, the
 * confusion counts, precision, recall, F1, and the bar with whether it holds.
 */
export function formatScoreTable(score: SectionScore, targets: readonly EvalTarget[], options: TableOptions = {}): string {
  const bars = options.bars ?? {};
  const failed = new Set((options.violations ?? []).map((v) => v.target));
  const positives = (c: Confusion) => c.tp + c.fn;
  const shown = targets.filter((t) => {
    const c = score.counts.get(t.id);
    return c !== undefined && (!options.labelledOnly || positives(c) > 0);
  });
  const columns: Column[] = [
    { title: "target", width: Math.max(24, ...shown.map((t) => t.id.length + (t.aggregate ? 0 : 2))), left: true },
    { title: "pos", width: 5 },
    { title: "neg", width: 5 },
    { title: "tp", width: 5 },
    { title: "fp", width: 4 },
    { title: "fn", width: 4 },
    { title: "precision", width: 9 },
    ...(options.ownPrecision ? [{ title: "own-neg P", width: 9 }] : []),
    { title: "recall", width: 6 },
    { title: "F1", width: 5 },
    { title: "bar", width: 22, left: true },
    { title: "", width: 4, left: true },
  ];
  const lines = [line(columns, columns.map((c) => c.title)), line(columns, columns.map((c) => "-".repeat(c.width)))];
  for (const t of shown) {
    const c = score.counts.get(t.id)!;
    const m = metricsOf(c);
    const bar = bars[t.id];
    lines.push(
      line(columns, [
        t.aggregate ? t.id : `  ${t.id}`,
        String(positives(c)),
        String(c.fp + c.tn),
        String(c.tp),
        String(c.fp),
        String(c.fn),
        fixed(m.precision),
        ...(options.ownPrecision ? [fixed(m.ownPrecision)] : []),
        fixed(m.recall),
        fixed(m.f1),
        barText(bar),
        bar ? (failed.has(t.id) ? "FAIL" : "ok") : "",
      ]),
    );
  }
  if (options.labelledOnly) {
    const others = targets
      .filter((t) => !shown.includes(t) && (score.counts.get(t.id)?.fp ?? 0) > 0)
      .map((t) => `${t.id} ${score.counts.get(t.id)!.fp}`);
    if (others.length > 0) lines.push(`findings of targets without a positive sample here (all false positives by the labels): ${others.join(", ")}`);
  }
  return lines.join("\n");
}

/** One row of a tool comparison: a tool's counts for one target on one set. */
export interface ComparisonRow {
  set: string;
  tool: string;
  counts: Confusion;
}

/** A fixed-width table comparing tools on one target, set by set. */
export function formatComparisonTable(rows: readonly ComparisonRow[]): string {
  const columns: Column[] = [
    { title: "set", width: Math.max(12, ...rows.map((r) => r.set.length)), left: true },
    { title: "tool", width: Math.max(9, ...rows.map((r) => r.tool.length)), left: true },
    { title: "pos", width: 5 },
    { title: "neg", width: 5 },
    { title: "tp", width: 5 },
    { title: "fp", width: 4 },
    { title: "fn", width: 4 },
    { title: "precision", width: 9 },
    { title: "own-neg P", width: 9 },
    { title: "recall", width: 6 },
    { title: "F1", width: 5 },
  ];
  const lines = [line(columns, columns.map((c) => c.title)), line(columns, columns.map((c) => "-".repeat(c.width)))];
  for (const r of rows) {
    const c = r.counts;
    const m = metricsOf(c);
    lines.push(
      line(columns, [r.set, r.tool, String(c.tp + c.fn), String(c.fp + c.tn), String(c.tp), String(c.fp), String(c.fn), fixed(m.precision), fixed(m.ownPrecision), fixed(m.recall), fixed(m.f1)]),
    );
  }
  return lines.join("\n");
}

/** One line per violation: `secret recall 0.612 < 0.700 (corpus)`. */
export function formatViolations(section: string, violations: readonly Violation[]): string[] {
  return violations.map((v) => `${section}: ${v.target} ${v.metric} ${fixed(v.measured)} < ${v.bar.toFixed(3)}`);
}
