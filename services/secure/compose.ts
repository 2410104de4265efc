import type { Client } from "@connectrpc/connect";
import type { AuthService } from "../../gen/gatehouse/auth/v1/auth_pb.js";
import { SecureService } from "../../gen/gatehouse/secure/v1/secure_pb.js";
import type { EventBus } from "../../lib/bus/event-bus.js";
import { systemClock, type Clock } from "../../lib/clock.js";
import type { StoreBackend } from "../../lib/db/backend.js";
import type { AuditLog } from "../../lib/audit/audit-log.js";
import { createAuditLog } from "../../lib/audit/create-audit-log.js";
import { createIdempotencyStore } from "../../lib/idempotency/index.js";
import { createLeaseStore } from "../../lib/lease/create-lease-store.js";
import { Leadership } from "../../lib/lease/leadership.js";
import { startLedJob } from "../../lib/lease/led-job.js";
import type { Logger } from "../../lib/logger.js";
import type { Component } from "../../lib/rpc/component.js";
import { ScanEngine } from "./app/scan-engine.js";
import { ScanPlanCache } from "./app/scan-plan-cache.js";
import { TriggerRecorder } from "./app/trigger-recorder.js";
import { secureRoutes } from "./routes/index.js";
import { createRuleStore } from "./store/create-rule-store.js";

// Expired idempotency keys are unreadable already; the purge only reclaims their space.
const IDEMPOTENCY_PURGE_INTERVAL_MS = 60_000;

/** What the secure service is built from. */
export interface SecureOptions {
  /** Where rules and scan idempotency keys are stored; the caller owns it and closes it. */
  backend: StoreBackend;
  logger: Logger;
  /** Defaults to the wall clock. */
  clock?: Clock;
  /**
   * The process's event bus (shared with its other components; the caller
   * closes it). It tells other replicas to rebuild their scan plans after a
   * rule write here. Without it, only this process's writes invalidate at
   * once, and other replicas notice within `planRefreshMs`.
   */
  bus?: EventBus;
  /**
   * The auth service, which signs verdict tokens with the decision-token key
   * (in-process router or gRPC). Without it a scan asking to be signed is
   * refused with 503 UNAVAILABLE.
   */
  auth?: Pick<Client<typeof AuthService>, "signScanVerdict">;
  /** Period of the batched trigger-count write; default 1000 ms. */
  triggerFlushMs?: number;
  /** Time a scan plan is served before its rule set is re-checked in the background; default 10 s. */
  planRefreshMs?: number;
  /**
   * The deployment's audit trail (see `openAuditLog`), shared with the other
   * services. Default: a log on `backend` itself, which only tests should rely on.
   */
  audit?: AuditLog;
}

/**
 * Wires the secure service: rules, the pattern-library catalogue and the scan
 * engine (plan cache invalidated by rule writes here and, through `bus`, on
 * every replica; trigger counts buffered and flushed periodically; expired
 * scan idempotency keys purged every minute, by one replica at a time). `ready()` is true when the
 * store answers (a bus outage leaves plans stale a little longer, and is
 * reported through `busConnected`); `close()` stops the
 * background work after writing buffered counts and drops the bus
 * subscription, leaving the backend and bus, which belong to the caller.
 */
export async function composeSecure(opts: SecureOptions): Promise<Component> {
  const clock = opts.clock ?? systemClock;
  const rules = createRuleStore(opts.backend, clock);
  const plans = new ScanPlanCache({ rules, clock, logger: opts.logger, bus: opts.bus, refreshMs: opts.planRefreshMs });
  const triggers = new TriggerRecorder(rules, opts.logger, opts.triggerFlushMs);
  triggers.start();
  const idempotency = createIdempotencyStore(opts.backend, "secure_idempotency");
  // One replica at a time purges.
  const stopPurge = startLedJob({
    intervalMs: IDEMPOTENCY_PURGE_INTERVAL_MS,
    lead: new Leadership(createLeaseStore(opts.backend), "secure.idempotency-purge", clock, IDEMPOTENCY_PURGE_INTERVAL_MS),
    job: () => idempotency.purgeExpired(clock.now()),
    logger: opts.logger,
    failure: "purging expired scan idempotency keys failed",
  });
  opts.logger.debug({ store: opts.backend.kind, bus: opts.bus !== undefined }, "secure service composed");
  return {
    serviceNames: [SecureService.typeName],
    routes: secureRoutes({
      rules,
      clock,
      plans,
      engine: new ScanEngine(plans, triggers, clock),
      idempotency,
      verdicts: opts.auth,
      audit: opts.audit ?? createAuditLog(opts.backend),
      logger: opts.logger,
    }),
    ready: () => rules.ping(),
    ...(opts.bus ? { busConnected: () => opts.bus!.connected() } : {}),
    close: async () => {
      await stopPurge();
      plans.close();
      await triggers.close();
    },
  };
}
