import { ValidationError } from "../../../lib/errors.js";
import type { Scope } from "../../../lib/scopes.js";
import { MAX_ALLOWED_IPS, normalizeAllowedIp } from "./ip-allow-list.js";
import { validateGrantedScopes } from "./scope-check.js";
import { validateName } from "./validate-name.js";

/** What a CreateKey request asks for, before validation. */
export interface NewKeyInput {
  name: string;
  scopes: readonly string[];
  allowedIps: readonly string[];
  /** Absent means "same as the name". */
  subject?: string;
}

/** A validated, normalised key request. */
export interface NewKeySpec {
  name: string;
  scopes: Scope[];
  allowedIps: string[];
  subject: string;
}

/**
 * Validates a key request on behalf of a grantor holding `grantorScopes`:
 * `name` 1..200 characters (trimmed); `scopes` see `validateGrantedScopes`;
 * each `allowed_ips[i]` an IP or CIDR, stored normalised and deduplicated;
 * `subject` 1..200 characters when sent, else the name. Field errors are
 * ValidationErrors naming the REST field; an escalation is a ForbiddenError.
 */
export function validateNewKey(input: NewKeyInput, grantorScopes: readonly string[]): NewKeySpec {
  const name = validateName("name", input.name);
  const subject = input.subject === undefined ? name : validateName("subject", input.subject);
  if (input.allowedIps.length > MAX_ALLOWED_IPS) {
    throw new ValidationError("allowed_ips", `must contain at most ${MAX_ALLOWED_IPS} entries`);
  }
  const allowedIps: string[] = [];
  input.allowedIps.forEach((entry, i) => {
    const normal = normalizeAllowedIp(entry);
    if (normal === null) {
      throw new ValidationError(`allowed_ips[${i}]`, `${JSON.stringify(entry)} is not an IP address or CIDR`);
    }
    if (!allowedIps.includes(normal)) allowedIps.push(normal);
  });
  const scopes = validateGrantedScopes(input.scopes, grantorScopes);
  return { name, scopes, allowedIps, subject };
}
