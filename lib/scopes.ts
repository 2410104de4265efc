/** Every scope an API key can hold (spec plus DESIGN §2 "Scopes"). */
export const SCOPES = [
  "govern:checkpoints:write",
  "govern:checkpoints:read",
  "govern:checkpoints:decide",
  "govern:policies:read",
  "govern:policies:write",
  "govern:agents:read",
  "govern:agents:write",
  "govern:webhooks:read",
  "govern:webhooks:write",
  "secure:rules:read",
  "secure:rules:write",
  "secure:scan:write",
  "admin:keys:read",
  "admin:keys:write",
  "admin:workspaces:write",
  "audit:read",
] as const;

/** A scope an API key can hold. */
export type Scope = (typeof SCOPES)[number];

const SCOPE_SET: ReadonlySet<string> = new Set(SCOPES);

/** True when `s` names a known scope. */
export function isScope(s: string): s is Scope {
  return SCOPE_SET.has(s);
}
