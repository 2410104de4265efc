/**
 * Whether `action` matches `glob`, where `*` matches any run of characters
 * (dots included, possibly empty), `?` exactly one character, and every other
 * character itself (case-sensitive). Runs in O(glob × action) at worst with
 * no backtracking blow-up, whatever the glob.
 */
export function matchesActionGlob(glob: string, action: string): boolean {
  const g = [...glob];
  const a = [...action];
  let gi = 0;
  let ai = 0;
  // Position of the last `*` seen and of the action character it was tried against.
  let star = -1;
  let mark = 0;
  while (ai < a.length) {
    if (gi < g.length && (g[gi] === "?" || (g[gi] !== "*" && g[gi] === a[ai]))) {
      gi++;
      ai++;
    } else if (gi < g.length && g[gi] === "*") {
      star = gi++;
      mark = ai;
    } else if (star >= 0) {
      // Let the last `*` swallow one more character and retry from there.
      gi = star + 1;
      ai = ++mark;
    } else {
      return false;
    }
  }
  while (gi < g.length && g[gi] === "*") gi++;
  return gi === g.length;
}

/** Whether `action` matches at least one of `globs`. */
export function matchesAnyActionGlob(globs: readonly string[], action: string): boolean {
  return globs.some((glob) => matchesActionGlob(glob, action));
}
