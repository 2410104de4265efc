/** Latency summary of one measurement, in milliseconds. */
export interface Summary {
  count: number;
  p50: number;
  p99: number;
  max: number;
}

/** p50/p99/max of `samples` (milliseconds). */
export function summarize(samples: number[]): Summary {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return { count: sorted.length, p50: at(0.5), p99: at(0.99), max: sorted[sorted.length - 1] ?? 0 };
}

/** Formats a number of milliseconds for a table. */
export const ms = (v: number) => (v < 1 ? v.toFixed(3) : v < 10 ? v.toFixed(2) : v.toFixed(1));
