import { sha256 } from "../../../lib/sha256.js";

/**
 * The version of a workspace's rule set as scans report and verdict tokens
 * bind it: base64url SHA-256 of the scan plan's key (the active rules' IDs
 * and versions in listing order, see `planKey`). It moves whenever a rule is
 * created active, edited, or changes status, and equal rule sets give equal
 * versions.
 */
export function ruleSetVersion(planKey: string): string {
  return sha256(planKey, "base64url");
}
