import type { Client } from "@connectrpc/connect";
import type { AuthService } from "../../gen/gatehouse/auth/v1/auth_pb.js";
import { GovernService } from "../../gen/gatehouse/govern/v1/govern_pb.js";
import type { ContentScanningClient } from "./app/content-scanner.js";
import type { EventBus } from "../../lib/bus/event-bus.js";
import { KeyedFanOut } from "../../lib/bus/keyed-fan-out.js";
import { systemClock, type Clock } from "../../lib/clock.js";
import type { StoreBackend } from "../../lib/db/backend.js";
import type { AuditLog } from "../../lib/audit/audit-log.js";
import { createAuditLog } from "../../lib/audit/create-audit-log.js";
import { createIdempotencyStore } from "../../lib/idempotency/index.js";
import type { Logger } from "../../lib/logger.js";
import { SecretSeal, WEBHOOK_SECRET_SEAL } from "../../lib/secret-seal.js";
import type { Component } from "../../lib/rpc/component.js";
import { createLeaseStore } from "../../lib/lease/create-lease-store.js";
import { Leadership } from "../../lib/lease/leadership.js";
import { startLedJob } from "../../lib/lease/led-job.js";
import { CachedPolicyStore } from "./app/cached-policy-store.js";
import { CheckpointLifecycle } from "./app/checkpoint-lifecycle.js";
import { ExpirySweeper } from "./app/expiry-sweeper.js";
import { postWebhook } from "./app/post-webhook.js";
import { sealWebhookSecrets } from "./app/seal-webhook-secrets.js";
import { WebhookDispatcher } from "./app/webhook-dispatcher.js";
import { WebhookSecrets } from "./app/webhook-secrets.js";
import { CHECKPOINT_CHANGED_PATTERN, parseCheckpointChanged } from "./domain/checkpoint-changed.js";
import { EVENT_RETENTION_MS } from "./domain/checkpoint-event.js";
import { governRoutes } from "./routes/index.js";
import { createAgentStore } from "./store/create-agent-store.js";
import { createCheckpointStore } from "./store/create-checkpoint-store.js";
import { createPolicyStore } from "./store/create-policy-store.js";
import { createWebhookStore } from "./store/create-webhook-store.js";

/** Default period of the expiry sweeper. */
export const DEFAULT_SWEEP_INTERVAL_MS = 1000;

// Idempotency keys live 24 h, events as long; neither SQLite nor FerretDB deletes them by itself.
const IDEMPOTENCY_PURGE_INTERVAL_MS = 60_000;
const EVENT_PURGE_INTERVAL_MS = 60_000;
const DELIVERY_PURGE_INTERVAL_MS = 60_000;
/** Default time a webhook request may take before it counts as failed. */
export const DEFAULT_WEBHOOK_TIMEOUT_MS = 10_000;
// An attempt's lease outlasts its request, so no second dispatcher sends it meanwhile.
const WEBHOOK_LEASE_MARGIN_MS = 5_000;

/** How webhooks are delivered: the operator's setting, and the tuning tests shorten. */
export interface WebhookOptions {
  /** GATEHOUSE_WEBHOOK_ALLOW_PRIVATE: allow http: and non-public target addresses. Default false. */
  allowPrivate?: boolean;
  /** Delays between attempts; default the Standard Webhooks schedule (see `DEFAULT_RETRY_DELAYS_MS`). */
  retryDelaysMs?: readonly number[];
  /** Time a request may take; default 10 s. */
  requestTimeoutMs?: number;
  /** Fallback period of the dispatcher; default 1 s. */
  tickMs?: number;
}

/** What the govern service is built from. */
export interface GovernOptions {
  /** Where checkpoints, policies, agents and idempotency keys live; the caller owns and closes it. */
  backend: StoreBackend;
  /** The process's event bus (shared with the other components of the process); the caller closes it. */
  bus: EventBus;
  /** The auth service, which signs decision tokens (in-process router or gRPC). */
  auth: Client<typeof AuthService>;
  /**
   * The secure service, which scans the content of checkpoints whose policies
   * ask for it (in-process router or gRPC). Without it such checkpoints are
   * refused with 503 UNAVAILABLE.
   */
  secure?: ContentScanningClient;
  logger: Logger;
  /** Defaults to the wall clock. */
  clock?: Clock;
  /** Period of the expiry sweeper; default 1000 ms. */
  sweepIntervalMs?: number;
  /**
   * Whether every process that changes govern's data shares `bus` (one
   * process, or replicas on NATS; see `eventFedCachesAreSafe`). Then each
   * workspace's policies are cached and the expiry sweep is fed by change
   * events; otherwise both ask the store.
   */
  busReachesAll?: boolean;
  webhooks?: WebhookOptions;
  /** GATEHOUSE_ENCRYPTION_KEY: webhook signing secrets are stored sealed with it (see `WebhookSecrets`). */
  encryptionKey?: string;
  /**
   * The deployment's audit trail (see `openAuditLog`), shared with the other
   * services. Default: a log on `backend` itself, which only tests should rely on.
   */
  audit?: AuditLog;
}

/**
 * Wires the govern service: its stores on `backend`, ONE subscription to
 * checkpoint-change events on `bus` fanned out to every waiter of the
 * process, the expiry sweeper, the webhook dispatcher and the purges of expired
 * idempotency keys, events and webhook deliveries (all started here, each run
 * only by the replica holding its lease). `ready()` is true when the store answers: a bus
 * outage only slows waiters on other replicas (see KeyedFanOut) and is
 * reported through `busConnected`. `close()` stops the background work (waiting for a sweep in
 * progress; webhook requests in flight are abandoned, to be sent again by the next leader) and drops the subscriptions, leaving the backend, bus and auth
 * client, which belong to the caller.
 */
export async function composeGovern(opts: GovernOptions): Promise<Component> {
  const clock = opts.clock ?? systemClock;
  // Before anything starts: a key that cannot open the stored secrets stops the process here.
  const webhooks = createWebhookStore(opts.backend);
  const webhookSecrets = new WebhookSecrets(opts.encryptionKey === undefined ? undefined : new SecretSeal(opts.encryptionKey, WEBHOOK_SECRET_SEAL));
  await sealWebhookSecrets(webhooks, webhookSecrets, opts.logger);
  const checkpoints = createCheckpointStore(opts.backend);
  const audit = opts.audit ?? createAuditLog(opts.backend);
  const lifecycle = new CheckpointLifecycle({ store: checkpoints, auth: opts.auth, bus: opts.bus, audit, clock, logger: opts.logger });
  const fanOut = new KeyedFanOut({
    bus: opts.bus,
    pattern: CHECKPOINT_CHANGED_PATTERN,
    keyOf: (_subject, event) => parseCheckpointChanged(event)?.id,
    logger: opts.logger,
  });
  const workspaceChanges = new KeyedFanOut({
    bus: opts.bus,
    pattern: CHECKPOINT_CHANGED_PATTERN,
    keyOf: (_subject, event) => parseCheckpointChanged(event)?.workspaceId,
    logger: opts.logger,
  });
  const idempotency = createIdempotencyStore(opts.backend, "govern_idempotency");
  const storedPolicies = createPolicyStore(opts.backend);
  const policyCache = opts.busReachesAll ? new CachedPolicyStore(storedPolicies, opts.bus, clock, opts.logger) : undefined;
  // Background work is led by one replica at a time.
  const leases = createLeaseStore(opts.backend);
  const sweepLead = new Leadership(leases, "govern.expiry", clock);
  const purgeLead = new Leadership(leases, "govern.idempotency-purge", clock, IDEMPOTENCY_PURGE_INTERVAL_MS);
  const eventPurgeLead = new Leadership(leases, "govern.event-purge", clock, EVENT_PURGE_INTERVAL_MS);
  const webhookLead = new Leadership(leases, "govern.webhooks", clock);
  const deliveryPurgeLead = new Leadership(leases, "govern.webhook-purge", clock, DELIVERY_PURGE_INTERVAL_MS);
  const sweeper = new ExpirySweeper({
    lifecycle,
    bus: opts.bus,
    clock,
    logger: opts.logger,
    intervalMs: opts.sweepIntervalMs ?? DEFAULT_SWEEP_INTERVAL_MS,
    eventsReachAll: opts.busReachesAll === true,
    leads: () => sweepLead.leads(),
  });
  sweeper.start();
  const stopPurge = startLedJob({
    intervalMs: IDEMPOTENCY_PURGE_INTERVAL_MS,
    lead: purgeLead,
    job: () => idempotency.purgeExpired(clock.now()),
    logger: opts.logger,
    failure: "purging expired idempotency keys failed",
  });
  const stopEventPurge = startLedJob({
    intervalMs: EVENT_PURGE_INTERVAL_MS,
    lead: eventPurgeLead,
    job: () => checkpoints.purgeEvents(clock.now() - EVENT_RETENTION_MS),
    logger: opts.logger,
    failure: "purging old checkpoint events failed",
  });
  const allowPrivate = opts.webhooks?.allowPrivate === true;
  if (allowPrivate) opts.logger.warn("GATEHOUSE_WEBHOOK_ALLOW_PRIVATE is on: webhooks may target http: URLs and private, loopback and link-local addresses");
  const requestTimeoutMs = opts.webhooks?.requestTimeoutMs ?? DEFAULT_WEBHOOK_TIMEOUT_MS;
  const dispatcher = new WebhookDispatcher({
    store: webhooks,
    secrets: webhookSecrets,
    checkpoints,
    bus: opts.bus,
    clock,
    logger: opts.logger,
    leads: () => webhookLead.leads(),
    post: (post, signal) => postWebhook(post, { timeoutMs: requestTimeoutMs, allowPrivate }, signal),
    leaseMs: requestTimeoutMs + WEBHOOK_LEASE_MARGIN_MS,
    retryDelaysMs: opts.webhooks?.retryDelaysMs,
    tickMs: opts.webhooks?.tickMs,
  });
  dispatcher.start();
  const stopDeliveryPurge = startLedJob({
    intervalMs: DELIVERY_PURGE_INTERVAL_MS,
    lead: deliveryPurgeLead,
    job: () => webhooks.purgeDeliveries(clock.now()),
    logger: opts.logger,
    failure: "purging old webhook deliveries failed",
  });
  opts.logger.debug({ store: opts.backend.kind }, "govern service composed");
  return {
    serviceNames: [GovernService.typeName],
    routes: governRoutes({
      checkpoints,
      lifecycle,
      policies: policyCache ?? storedPolicies,
      agents: createAgentStore(opts.backend),
      idempotency,
      fanOut,
      workspaceChanges,
      webhooks,
      webhookSecrets,
      audit,
      webhookAllowPrivate: allowPrivate,
      secure: opts.secure,
      clock,
      logger: opts.logger,
    }),
    ready: () => checkpoints.ping(),
    busConnected: () => opts.bus.connected(),
    close: async () => {
      await Promise.all([stopPurge(), stopEventPurge(), stopDeliveryPurge()]);
      await dispatcher.stop();
      await sweeper.stop();
      // Another replica (or this one restarted) takes the work over now, not in up to two lease periods.
      await Promise.all([sweepLead.release(), webhookLead.release()]);
      fanOut.close();
      workspaceChanges.close();
      policyCache?.close();
    },
  };
}
