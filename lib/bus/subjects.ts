const TOKEN = /^[^\s.*>]+$/;

/** Thrown for a malformed subject or subscription pattern. */
export class InvalidSubjectError extends Error {
  override name = "InvalidSubjectError";
}

/**
 * Checks a subject to publish on: one or more non-empty tokens separated by
 * dots, without whitespace or wildcard characters.
 */
export function assertSubject(subject: string): void {
  if (!subject.split(".").every((t) => TOKEN.test(t))) {
    throw new InvalidSubjectError(`invalid subject ${JSON.stringify(subject)}`);
  }
}

/**
 * Checks a subscription pattern: like a subject, but a token may be `*`, and
 * the last token may be `>`.
 */
export function assertPattern(pattern: string): void {
  const tokens = pattern.split(".");
  const ok = tokens.every((t, i) => t === "*" || (t === ">" && i === tokens.length - 1) || TOKEN.test(t));
  if (!ok) throw new InvalidSubjectError(`invalid subscription pattern ${JSON.stringify(pattern)}`);
}

/**
 * Whether a valid `subject` matches a valid `pattern` under NATS rules: `*`
 * matches exactly one token, a trailing `>` one or more tokens.
 */
export function subjectMatches(pattern: string, subject: string): boolean {
  const p = pattern.split(".");
  const s = subject.split(".");
  for (let i = 0; i < p.length; i++) {
    const token = p[i];
    if (token === ">") return s.length > i;
    if (i >= s.length || (token !== "*" && token !== s[i])) return false;
  }
  return p.length === s.length;
}

const SAFE_TOKEN = /^[A-Za-z0-9_-]+$/;

/**
 * A workspace ID as one subject token: Gatehouse workspace IDs are valid
 * tokens as they are; any other ID is base64url-encoded behind a `~` (which
 * no real ID has), so it can neither split a subject nor act as a wildcard.
 */
export function workspaceToken(workspaceId: string): string {
  return SAFE_TOKEN.test(workspaceId) ? workspaceId : `~${Buffer.from(workspaceId, "utf8").toString("base64url")}`;
}
