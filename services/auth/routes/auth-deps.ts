import type { AuditLog } from "../../../lib/audit/audit-log.js";
import type { Clock } from "../../../lib/clock.js";
import type { RateLimiter } from "../app/rate-limiter.js";
import type { SigningMaterial } from "../domain/signing-material.js";
import type { KeyStore } from "../store/key-store.js";
import type { RateLimitStore } from "../store/rate-limit-store.js";
import type { SigningKeyStore } from "../store/signing-key-store.js";
import type { WorkspaceStore } from "../store/workspace-store.js";

/** Everything the AuthService RPCs need, wired by `compose.ts`. */
export interface AuthDeps {
  workspaces: WorkspaceStore;
  keys: KeyStore;
  rateLimits: RateLimitStore;
  rateLimiter: RateLimiter;
  signingKeys: SigningKeyStore;
  /** The deployment's audit trail: auth records key and workspace changes, reads it, and anchors its head in decision tokens. */
  audit: AuditLog;
  /** The key this process signs decision tokens with. */
  signingKey: SigningMaterial;
  clock: Clock;
  /** `iss` of decision tokens. */
  issuer: string;
  /** Default (and longest) decision-token lifetime. */
  tokenTtlSeconds: number;
}
