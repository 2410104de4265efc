import type { AuditLog } from "../../../lib/audit/audit-log.js";
import type { KeyedFanOut } from "../../../lib/bus/keyed-fan-out.js";
import type { Clock } from "../../../lib/clock.js";
import type { IdempotencyStore } from "../../../lib/idempotency/index.js";
import type { Logger } from "../../../lib/logger.js";
import type { CheckpointLifecycle } from "../app/checkpoint-lifecycle.js";
import type { ContentScanningClient } from "../app/content-scanner.js";
import type { WebhookSecrets } from "../app/webhook-secrets.js";
import type { AgentStore } from "../store/agent-store.js";
import type { CheckpointStore } from "../store/checkpoint-store.js";
import type { PolicyStore } from "../store/policy-store.js";
import type { WebhookStore } from "../store/webhook-store.js";

/** What the govern service's RPC handlers need. */
export interface GovernDeps {
  checkpoints: CheckpointStore;
  /** Every checkpoint write and expiring read goes through it. */
  lifecycle: CheckpointLifecycle;
  policies: PolicyStore;
  agents: AgentStore;
  idempotency: IdempotencyStore;
  /** The process's one subscription to checkpoint changes, fanned out to waiters. */
  fanOut: KeyedFanOut;
  /** The same changes keyed by workspace, for watchers of the event feed. */
  workspaceChanges: KeyedFanOut;
  webhooks: WebhookStore;
  /** The form signing secrets are stored in (sealed when an encryption key is set). */
  webhookSecrets: WebhookSecrets;
  /** The deployment's audit trail: policy and webhook changes are recorded there (checkpoints, by the lifecycle). */
  audit: AuditLog;
  /** The operator's GATEHOUSE_WEBHOOK_ALLOW_PRIVATE: webhooks may target http: and non-public addresses. */
  webhookAllowPrivate: boolean;
  /** Scans the content of checkpoints whose policies ask for it; absent, such checkpoints are refused (503). */
  secure?: ContentScanningClient;
  clock: Clock;
  logger: Logger;
}
