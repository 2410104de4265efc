import type { Client } from "@connectrpc/connect";
import type { AuthService } from "../../../gen/gatehouse/auth/v1/auth_pb.js";
import type { AuditLog } from "../../../lib/audit/audit-log.js";
import type { Clock } from "../../../lib/clock.js";
import type { IdempotencyStore } from "../../../lib/idempotency/index.js";
import type { Logger } from "../../../lib/logger.js";
import type { ScanEngine } from "../app/scan-engine.js";
import type { ScanPlanCache } from "../app/scan-plan-cache.js";
import type { RuleStore } from "../store/rule-store.js";

/** What the secure service's RPC handlers need. */
export interface SecureDeps {
  rules: RuleStore;
  clock: Clock;
  /** Told after every stored rule write, so scans here and on other replicas use the new rules. */
  plans: Pick<ScanPlanCache, "rulesChanged">;
  engine: ScanEngine;
  /** Idempotency keys of scans. */
  idempotency: IdempotencyStore;
  /** The auth service, which signs verdict tokens; absent, a scan asking for one is refused (503). */
  verdicts?: Pick<Client<typeof AuthService>, "signScanVerdict">;
  /** The deployment's audit trail: rule creations and edits are recorded there. */
  audit: AuditLog;
  logger: Logger;
}
