import type { FeedPosition } from "../domain/feed-position.js";
import type { AttemptOutcome, WebhookDelivery } from "../domain/webhook-delivery.js";
import type { WebhookEndpoint } from "../domain/webhook-endpoint.js";

/** One page of an endpoint's deliveries, newest first. */
export interface DeliveryListQuery {
  /** Page size, at least 1. */
  limit: number;
  /** Continue after the delivery of this event (exclusive): older ones. */
  beforeEventId?: string;
}

/**
 * Storage port of webhooks: endpoints, the outbox of deliveries and the
 * dispatcher's position in each workspace's event feed. Every write is one
 * record (no transactions: FerretDB has none); enqueueing is idempotent
 * because a delivery's id is derived from its endpoint and event, and the
 * attempt of a delivery is claimed with an atomic write keyed on the state
 * the claimer read, so of two dispatchers that read the same state exactly
 * one sends it.
 */
export interface WebhookStore {
  /** Stores a new endpoint; its ID must be new. */
  insertEndpoint(endpoint: WebhookEndpoint): Promise<void>;
  /** The endpoint of `workspaceId` with this ID, or null (also for another workspace's). */
  getEndpoint(workspaceId: string, id: string): Promise<WebhookEndpoint | null>;
  /** The workspace's endpoints (every workspace's when absent), enabled or not, oldest first (those made in one millisecond by ID). */
  listEndpoints(workspaceId?: string): Promise<WebhookEndpoint[]>;
  /** The enabled endpoints of `workspaceId`, or of every workspace when absent, oldest first (as `listEndpoints`). */
  listEnabledEndpoints(workspaceId?: string): Promise<WebhookEndpoint[]>;
  /** Removes the endpoint and its deliveries; resolves false when the workspace has no such endpoint. */
  deleteEndpoint(workspaceId: string, id: string): Promise<boolean>;
  /**
   * Disables an enabled endpoint at `at` for `reason` and marks its pending
   * deliveries failed with the error `endpoint disabled`; a no-op for one
   * already disabled (the first reason stays).
   */
  disableEndpoint(id: string, at: number, reason: string): Promise<void>;
  /** Replaces the endpoint's stored signing secret (to seal one stored before an encryption key was set). */
  setSecret(id: string, secret: string): Promise<void>;
  /** Records that the endpoint accepted a delivery at `at` (stored at most once a minute). */
  noteSuccess(id: string, at: number): Promise<void>;

  /** Adds the deliveries whose ids are new; those already stored are left as they are. */
  enqueue(deliveries: readonly WebhookDelivery[]): Promise<void>;
  /** The delivery with this id, or null. */
  getDelivery(id: string): Promise<WebhookDelivery | null>;
  /** A page of the endpoint's deliveries, newest event first. */
  listDeliveries(endpointId: string, query: DeliveryListQuery): Promise<WebhookDelivery[]>;
  /** Pending deliveries due at `now` (`nextAttemptAt` at or before it) across all endpoints, soonest first (then by event), at most `limit`. */
  listDue(now: number, limit: number): Promise<WebhookDelivery[]>;
  /**
   * The pending delivery of the same checkpoint to the same endpoint made for
   * the earliest event before `delivery`'s, or null: what must go out first.
   */
  earlierPending(delivery: WebhookDelivery): Promise<WebhookDelivery | null>;
  /**
   * Claims the next attempt of `delivery` as read (its `attempts` and
   * `nextAttemptAt`), moving `nextAttemptAt` to `leaseUntil` so that no other
   * dispatcher takes it meanwhile and a dispatcher that dies leaves it due
   * again then. Resolves true for exactly one of several claimers of the same
   * state, false when it was claimed, recorded or deleted meanwhile.
   */
  claim(delivery: WebhookDelivery, leaseUntil: number): Promise<boolean>;
  /** Moves a pending delivery that must wait (an earlier one of its checkpoint is not out yet) to `until`. */
  defer(delivery: WebhookDelivery, until: number): Promise<void>;
  /**
   * Records the end of attempt `attemptsBefore + 1`, only when the stored
   * delivery still has `attemptsBefore` attempts; resolves whether it did.
   */
  recordAttempt(id: string, attemptsBefore: number, outcome: AttemptOutcome): Promise<boolean>;
  /** Forgets deliveries whose `expiresAt` is before `now`, and what their claims left. */
  purgeDeliveries(now: number): Promise<void>;

  /** Where the dispatcher is in the workspace's event feed, or null before it started there. */
  getPosition(workspaceId: string): Promise<FeedPosition | null>;
  /** Stores the dispatcher's position in the workspace's event feed. */
  savePosition(workspaceId: string, position: FeedPosition): Promise<void>;
}
