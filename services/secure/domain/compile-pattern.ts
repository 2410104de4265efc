import RE2 from "re2";

/** A custom pattern ready to run: regular expressions and literals both become RE2 programs. */
export interface CompiledPattern {
  /** `regex` for a pattern written `/…/flags`, `literal` for anything else. */
  kind: "regex" | "literal";
  /** The pattern as the user wrote it. */
  pattern: string;
  /** The RE2 program that finds the pattern (no `g` flag; add it when scanning). */
  regex: RE2;
}

/** Why a custom pattern cannot be used; the message is safe to show the user who wrote it. */
export class PatternError extends Error {
  override name = "PatternError";
}

/** The flags a `/…/flags` pattern may carry. */
export const REGEX_FLAGS = "imsu";

// A pattern is a regular expression when it is written /body/flags; the flags
// part is taken as every letter after the last slash, so a bad flag is reported
// instead of silently turning the pattern into a literal.
const REGEX_FORM = /^\/([\s\S]*)\/([A-Za-z]*)$/;

/**
 * Compiles one custom pattern. `/…/flags` is a regular expression in RE2
 * syntax (linear time: no look-around, no back-references) with flags from
 * `i m s u`; anything else is a literal matched case-insensitively.
 * Throws `PatternError` for a pattern that cannot be used, including a
 * regular expression that matches the empty string (it would match every content).
 */
export function compilePattern(pattern: string): CompiledPattern {
  const m = REGEX_FORM.exec(pattern);
  if (!m) return { kind: "literal", pattern, regex: new RE2(escapeRegex(pattern), "iu") };
  const body = m[1]!;
  const flags = m[2]!;
  if (body === "") throw new PatternError("the regular expression is empty");
  for (const [i, f] of [...flags].entries()) {
    if (!REGEX_FLAGS.includes(f)) {
      throw new PatternError(`flag "${f}" is not supported (use i, m, s or u; escape a literal that looks like /…/x)`);
    }
    if (flags.indexOf(f) !== i) throw new PatternError(`flag "${f}" is repeated`);
  }
  let regex: RE2;
  try {
    regex = new RE2(body, flags);
  } catch (err) {
    const why = err instanceof Error ? err.message : String(err);
    throw new PatternError(
      `not a valid RE2 regular expression (${why}); look-around and back-references are not supported`,
    );
  }
  if (regex.test("")) throw new PatternError("the regular expression matches the empty string, so it would match everything");
  return { kind: "regex", pattern, regex };
}

/** Escapes every character RE2 gives a meaning to, so `text` matches itself. */
export function escapeRegex(text: string): string {
  return text.replace(/[\\^$.|?*+()[\]{}/-]/g, "\\$&");
}
