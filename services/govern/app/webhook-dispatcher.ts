import type { EventBus, Subscription } from "../../../lib/bus/event-bus.js";
import type { Clock } from "../../../lib/clock.js";
import type { Logger } from "../../../lib/logger.js";
import { CHECKPOINT_CHANGED_PATTERN, parseCheckpointChanged } from "../domain/checkpoint-changed.js";
import { eventIdFloor, type CheckpointEvent } from "../domain/checkpoint-event.js";
import { checkpointEventJson } from "../domain/checkpoint-event-json.js";
import type { FeedPosition } from "../domain/feed-position.js";
import { DELIVERY_RETENTION_MS, deliveryId, type WebhookDelivery } from "../domain/webhook-delivery.js";
import { endpointWants, type WebhookEndpoint } from "../domain/webhook-endpoint.js";
import { DEFAULT_RETRY_DELAYS_MS, nextAttemptAt } from "../domain/webhook-retry.js";
import { webhookSignature } from "../domain/webhook-signature.js";
import type { CheckpointStore } from "../store/checkpoint-store.js";
import type { WebhookStore } from "../store/webhook-store.js";
import type { PostResult, WebhookPost } from "./post-webhook.js";
import { collectEvents } from "./watch-events.js";
import type { WebhookSecrets } from "./webhook-secrets.js";

/** Default fallback period of the dispatcher (change events normally wake it first). */
export const DEFAULT_DISPATCH_TICK_MS = 1000;
/** Default number of webhook requests in flight at once. */
export const DEFAULT_MAX_IN_FLIGHT = 16;

// Events read from a workspace's feed per step, and steps per run (the next run goes on).
const PAGE = 100;
const MAX_PAGES = 10;
// Every this many ticks the endpoints of every workspace are read again: the
// fallback for change events lost with the bus, and for endpoints made on another replica.
const FULL_PASS_EVERY_TICKS = 5;

/** What the dispatcher is built from. */
export interface WebhookDispatcherOptions {
  store: WebhookStore;
  /** Opens the stored signing secrets. */
  secrets: WebhookSecrets;
  checkpoints: CheckpointStore;
  bus: EventBus;
  clock: Clock;
  logger: Logger;
  /** Whether this replica leads the dispatch now (see Leadership); only the leader enqueues and sends. */
  leads: () => Promise<boolean>;
  /** Sends one request (see `postWebhook`); resolves null when aborted by `stop()`. */
  post: (post: WebhookPost, signal: AbortSignal) => Promise<PostResult | null>;
  /** How long an attempt may take before another dispatcher may take the delivery: more than the request timeout. */
  leaseMs: number;
  /** Delays between attempts; default `DEFAULT_RETRY_DELAYS_MS`. */
  retryDelaysMs?: readonly number[];
  tickMs?: number;
  maxInFlight?: number;
}

/**
 * Sends every workspace's checkpoint events to its webhook endpoints, at
 * least once, on the one replica that leads (`leads`). A run has two parts:
 *
 * 1. Enqueue: for each workspace with an enabled endpoint, the events after
 *    its stored feed position (`collectEvents`, so that late writes of other
 *    replicas are not lost) become one delivery per subscribed endpoint
 *    (idempotent: ids derive from endpoint and event), then the position is
 *    stored. A crash between the two enqueues the same deliveries again,
 *    which changes nothing.
 * 2. Deliver: due deliveries are claimed (see `WebhookStore.claim`) and sent,
 *    at most `maxInFlight` at once, in order per checkpoint and endpoint: a
 *    delivery waits while an earlier one of its checkpoint to that endpoint
 *    is pending. A failed attempt is retried after the next delay of the
 *    schedule; past the last the delivery has failed, and when the endpoint
 *    accepted nothing since that delivery was made (every delivery failed
 *    for the whole schedule, about 28 hours by default) the endpoint is
 *    disabled, with the reason.
 *
 * A run starts on every checkpoint change event (so a delivery goes out
 * within moments of the change), on the bus's resync, when an attempt ends,
 * and every `tickMs` as the fallback. Runs never overlap.
 */
export class WebhookDispatcher {
  private readonly retryDelays: readonly number[];
  private readonly maxInFlight: number;
  private readonly dirty = new Set<string>();
  private readonly enabled = new Map<string, WebhookEndpoint[]>();
  private readonly inFlight = new Map<string, Promise<void>>();
  private readonly abort = new AbortController();
  private subscriptions: Subscription[] = [];
  private timer: NodeJS.Timeout | undefined;
  private ticks = 0;
  private fullPass = true;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = false;

  constructor(private readonly opts: WebhookDispatcherOptions) {
    this.retryDelays = opts.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
    this.maxInFlight = opts.maxInFlight ?? DEFAULT_MAX_IN_FLIGHT;
  }

  /** Subscribes to checkpoint changes and starts the fallback tick. */
  start(): void {
    this.subscriptions = [
      this.opts.bus.subscribe(CHECKPOINT_CHANGED_PATTERN, (_subject, event) => {
        const workspaceId = parseCheckpointChanged(event)?.workspaceId;
        if (workspaceId === undefined) return;
        this.dirty.add(workspaceId);
        this.kick();
      }),
      this.opts.bus.onResync(() => {
        this.fullPass = true;
        this.kick();
      }),
    ];
    this.timer = setInterval(() => {
      if (++this.ticks % FULL_PASS_EVERY_TICKS === 0) this.fullPass = true;
      this.kick();
    }, this.opts.tickMs ?? DEFAULT_DISPATCH_TICK_MS);
    this.timer.unref();
    this.kick();
  }

  /**
   * Stops: no new run or attempt starts, requests in flight are abandoned
   * (not recorded: their lease runs out and the next leader sends them
   * again), and the run in progress is awaited.
   */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    for (const s of this.subscriptions) s.unsubscribe();
    this.abort.abort();
    await this.running;
    await Promise.all(this.inFlight.values());
  }

  /** Starts a run now, or right after the one in progress. */
  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = (async () => {
      do {
        this.again = false;
        try {
          await this.run();
        } catch (err) {
          this.opts.logger.warn({ err }, "webhook dispatch failed; retrying at the next tick");
        }
      } while (this.again && !this.stopped);
    })().finally(() => {
      this.running = undefined;
    });
  }

  private async run(): Promise<void> {
    if (!(await this.opts.leads())) {
      // Whoever leads keeps its own view; this one starts afresh when it leads again.
      this.dirty.clear();
      this.enabled.clear();
      this.fullPass = true;
      return;
    }
    const workspaces = await this.refreshEndpoints();
    for (const workspaceId of workspaces) {
      const endpoints = this.enabled.get(workspaceId);
      if (endpoints) await this.enqueue(workspaceId, endpoints);
    }
    if (this.enabled.size > 0 || this.inFlight.size > 0) await this.deliverDue();
  }

  /** Reads the enabled endpoints of every workspace (a full pass) or of those that changed; returns the workspaces to enqueue for. */
  private async refreshEndpoints(): Promise<string[]> {
    if (this.fullPass) {
      this.fullPass = false;
      this.dirty.clear();
      const all = await this.opts.store.listEnabledEndpoints();
      this.enabled.clear();
      for (const e of all) this.enabled.set(e.workspaceId, [...(this.enabled.get(e.workspaceId) ?? []), e]);
      return [...this.enabled.keys()];
    }
    const changed = [...this.dirty];
    this.dirty.clear();
    for (const workspaceId of changed) {
      const endpoints = await this.opts.store.listEnabledEndpoints(workspaceId);
      if (endpoints.length > 0) this.enabled.set(workspaceId, endpoints);
      else this.enabled.delete(workspaceId);
    }
    return changed;
  }

  private async enqueue(workspaceId: string, endpoints: WebhookEndpoint[]): Promise<void> {
    // Nothing made before the oldest endpoint is owed to any of them.
    const start = eventIdFloor(Math.min(...endpoints.map((e) => e.createdAt)));
    const stored = await this.opts.store.getPosition(workspaceId);
    let position: FeedPosition = stored && stored.floor >= start ? stored : { floor: start, seen: (stored?.seen ?? []).filter((id) => id > start) };
    for (let page = 0; page < MAX_PAGES && !this.stopped; page++) {
      const out = await collectEvents({ checkpoints: this.opts.checkpoints, clock: this.opts.clock }, workspaceId, position, PAGE);
      const now = this.opts.clock.now();
      await this.opts.store.enqueue(out.events.flatMap((e) => endpoints.filter((ep) => endpointWants(ep, e)).map((ep) => newDelivery(ep, e, now))));
      const next = { floor: out.floor, seen: out.seen };
      if (stored === null || JSON.stringify(next) !== JSON.stringify(position)) await this.opts.store.savePosition(workspaceId, next);
      position = next;
      if (out.events.length < PAGE) return;
    }
    this.again = true;
  }

  private async deliverDue(): Promise<void> {
    const capacity = this.maxInFlight - this.inFlight.size;
    if (capacity <= 0) return;
    const now = this.opts.clock.now();
    // Those in flight here are still listed until their lease is stored; some others wait behind an earlier event.
    const due = await this.opts.store.listDue(now, this.inFlight.size + capacity * 2);
    let started = 0;
    for (const d of due) {
      if (started >= capacity || this.stopped) return;
      if (this.inFlight.has(d.id)) continue;
      const endpoint = await this.endpointOf(d);
      if (!endpoint || endpoint.disabledAt !== null) {
        // Deleted or disabled meanwhile (the store's bulk update may have been cut short).
        await this.opts.store.recordAttempt(d.id, d.attempts, {
          status: "failed",
          at: now,
          nextAttemptAt: null,
          responseStatus: null,
          error: endpoint ? "endpoint disabled" : "endpoint deleted",
        });
        continue;
      }
      const earlier = await this.opts.store.earlierPending(d);
      if (earlier) {
        // Out of the due list until the earlier one's next try, unless that one is on its way now.
        if (!this.inFlight.has(earlier.id) && earlier.nextAttemptAt !== null && earlier.nextAttemptAt > d.nextAttemptAt!) {
          await this.opts.store.defer(d, earlier.nextAttemptAt);
        }
        continue;
      }
      if (!(await this.opts.store.claim(d, now + this.opts.leaseMs))) continue;
      started++;
      const attempt = this.attempt(d, endpoint)
        .catch((err: unknown) => this.opts.logger.warn({ err, delivery: d.id }, "recording a webhook attempt failed; it is retried when its lease ends"))
        .finally(() => {
          this.inFlight.delete(d.id);
          this.kick();
        });
      this.inFlight.set(d.id, attempt);
    }
  }

  private async endpointOf(d: WebhookDelivery): Promise<WebhookEndpoint | null> {
    const known = this.enabled.get(d.workspaceId)?.find((e) => e.id === d.endpointId);
    return known ?? this.opts.store.getEndpoint(d.workspaceId, d.endpointId);
  }

  private async attempt(d: WebhookDelivery, endpoint: WebhookEndpoint): Promise<void> {
    const at = this.opts.clock.now();
    const timestamp = Math.floor(at / 1000);
    const result = await this.opts.post(
      {
        url: endpoint.url,
        headers: {
          "content-type": "application/json",
          "user-agent": "Gatehouse-Webhooks/1",
          "webhook-id": d.id,
          "webhook-timestamp": String(timestamp),
          "webhook-signature": webhookSignature(this.opts.secrets.fromStored(endpoint.secret, endpoint.id), d.id, timestamp, d.body),
        },
        body: d.body,
      },
      this.abort.signal,
    );
    if (result === null) return;
    const attempts = d.attempts + 1;
    if (result.ok) {
      await this.opts.store.recordAttempt(d.id, d.attempts, { status: "delivered", at, nextAttemptAt: null, responseStatus: result.status, error: null });
      await this.opts.store.noteSuccess(endpoint.id, at);
      return;
    }
    const ended = this.opts.clock.now();
    const next = nextAttemptAt(attempts, ended, this.retryDelays);
    await this.opts.store.recordAttempt(d.id, d.attempts, {
      status: next === null ? "failed" : "pending",
      at,
      nextAttemptAt: next,
      responseStatus: result.status,
      error: result.error,
    });
    // Which endpoint and delivery, never its URL (it may hold a token) or anything signed.
    this.opts.logger.info(
      { webhook: endpoint.id, delivery: d.id, attempt: attempts, status: result.status, error: result.error, retry_at: next },
      next === null ? "webhook delivery failed for good" : "webhook delivery failed; will retry",
    );
    if (next === null) await this.disableIfFailing(endpoint, d, result.error ?? "");
    else if (next - ended < (this.opts.tickMs ?? DEFAULT_DISPATCH_TICK_MS)) setTimeout(() => this.kick(), next - ended).unref();
  }

  private async disableIfFailing(endpoint: WebhookEndpoint, d: WebhookDelivery, lastError: string): Promise<void> {
    const fresh = await this.opts.store.getEndpoint(endpoint.workspaceId, endpoint.id);
    if (!fresh || fresh.disabledAt !== null) return;
    if (fresh.lastSuccessAt !== null && fresh.lastSuccessAt >= d.createdAt) return;
    const since = new Date(d.createdAt).toISOString();
    const reason = `every delivery failed since ${since} (${d.attempts + 1} attempts of ${d.eventType}; the last: ${lastError})`;
    await this.opts.store.disableEndpoint(endpoint.id, this.opts.clock.now(), reason);
    const left = (this.enabled.get(endpoint.workspaceId) ?? []).filter((e) => e.id !== endpoint.id);
    if (left.length > 0) this.enabled.set(endpoint.workspaceId, left);
    else this.enabled.delete(endpoint.workspaceId);
    this.opts.logger.warn({ webhook: endpoint.id, workspace: endpoint.workspaceId }, "webhook endpoint disabled: every delivery failed");
  }
}

function newDelivery(endpoint: WebhookEndpoint, event: CheckpointEvent, now: number): WebhookDelivery {
  return {
    id: deliveryId(endpoint.id, event.id),
    endpointId: endpoint.id,
    workspaceId: endpoint.workspaceId,
    eventId: event.id,
    eventType: event.type,
    checkpointId: event.checkpoint.id,
    body: JSON.stringify(checkpointEventJson(event)),
    createdAt: now,
    status: "pending",
    attempts: 0,
    nextAttemptAt: now,
    lastAttemptAt: null,
    lastResponseStatus: null,
    lastError: null,
    expiresAt: now + DELIVERY_RETENTION_MS,
  };
}
