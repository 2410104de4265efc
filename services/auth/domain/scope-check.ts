import { ForbiddenError, ValidationError } from "../../../lib/errors.js";
import { isScope, type Scope } from "../../../lib/scopes.js";

/** Most entries a `scopes` list may have before deduplication. */
export const MAX_REQUESTED_SCOPES = 100;

/** The required scope when `held` lacks it; null when it is held (or none is required). */
export function missingScope(held: readonly string[], required: string): string | null {
  if (required === "") return null;
  return held.includes(required) ? null : required;
}

/** Throws ForbiddenError naming `scope` unless `held` contains it. */
export function requireScope(held: readonly string[], scope: Scope): void {
  if (!held.includes(scope)) throw new ForbiddenError(scope);
}

/**
 * Validates the scopes a new key asks for: the list is non-empty, every
 * entry is a known scope (a ValidationError names `scopes[i]`), duplicates
 * are dropped (first occurrence kept). A grantor cannot hand out a scope it
 * does not hold: a ForbiddenError names the first such scope. Validation runs
 * before the privilege check so bad input is reported as such.
 */
export function validateGrantedScopes(requested: readonly string[], grantorScopes: readonly string[]): Scope[] {
  if (requested.length === 0) throw new ValidationError("scopes", "must contain at least one scope");
  if (requested.length > MAX_REQUESTED_SCOPES) {
    throw new ValidationError("scopes", `must contain at most ${MAX_REQUESTED_SCOPES} entries`);
  }
  const out: Scope[] = [];
  requested.forEach((raw, i) => {
    const scope = raw.trim();
    if (!isScope(scope)) throw new ValidationError(`scopes[${i}]`, `unknown scope ${JSON.stringify(raw)}`);
    if (!out.includes(scope)) out.push(scope);
  });
  for (const scope of out) {
    if (!grantorScopes.includes(scope)) {
      throw new ForbiddenError(scope, `missing scope ${scope}: a key cannot grant a scope it does not hold`);
    }
  }
  return out;
}
