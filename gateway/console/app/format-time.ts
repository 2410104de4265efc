/** A duration in words a reviewer reads at a glance: "45 s", "12 min", "3 h 5 min", "2 d 4 h". */
export function formatDuration(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  if (s < 60) return `${s} s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m} min`;
  const h = Math.floor(m / 60);
  if (h < 24) return m % 60 === 0 ? `${h} h` : `${h} h ${m % 60} min`;
  const d = Math.floor(h / 24);
  return h % 24 === 0 ? `${d} d` : `${d} d ${h % 24} h`;
}

/** Time from `iso` to now ("3 min"), for ages. */
export function age(iso: string, now: number): string {
  return formatDuration(now - Date.parse(iso));
}

/** What is left until `iso`, or null when it has passed. */
export function timeLeft(iso: string | null, now: number): string | null {
  if (!iso) return null;
  const left = Date.parse(iso) - now;
  return left > 0 ? formatDuration(left) : null;
}

/** A timestamp as local date and time. */
export function localTime(iso: string): string {
  return new Date(iso).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "medium" });
}
