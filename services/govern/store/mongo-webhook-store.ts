import type { Collection, Db } from "mongodb";
import { isDuplicateKeyError } from "../../../lib/db/mongo-errors.js";
import { mongoLazyIndexes } from "../../../lib/db/lazy-indexes.js";
import type { CheckpointEventType } from "../domain/checkpoint-event.js";
import type { FeedPosition } from "../domain/feed-position.js";
import type { AttemptOutcome, WebhookDelivery, WebhookDeliveryStatus } from "../domain/webhook-delivery.js";
import type { WebhookEndpoint } from "../domain/webhook-endpoint.js";
import type { DeliveryListQuery, WebhookStore } from "./webhook-store.js";

interface EndpointDoc {
  /** The endpoint ID. */
  _id: string;
  workspace_id: string;
  url: string;
  events: string[];
  description: string | null;
  secret: string;
  created_at: number;
  disabled_at: number | null;
  disabled_reason: string | null;
  last_success_at: number | null;
}

interface DeliveryDoc {
  /** The delivery ID, derived from endpoint and event: a second enqueue of the pair is a duplicate key. */
  _id: string;
  endpoint_id: string;
  workspace_id: string;
  event_id: string;
  event_type: string;
  checkpoint_id: string;
  body: string;
  created_at: number;
  status: string;
  attempts: number;
  next_attempt_at: number | null;
  last_attempt_at: number | null;
  last_response_status: number | null;
  last_error: string | null;
  expires_at: number;
}

/** One claimed attempt: `<delivery>#<attempts>#<next_attempt_at>` as the claimer read them. */
interface ClaimDoc {
  _id: string;
  expires_at: number;
}

interface PositionDoc {
  /** The workspace ID. */
  _id: string;
  floor: string;
  seen: string[];
}

const SUCCESS_GRANULARITY_MS = 60_000;

/**
 * Webhook store on MongoDB, built for what FerretDB offers: no transactions,
 * no change streams, no TTL indexes, and conditional updates that are not
 * atomic under concurrency. So every contended write is an insert on a
 * unique `_id`: enqueueing (the delivery's `_id` derives from endpoint and
 * event) and claiming an attempt (a document in `govern_webhook_claims`
 * whose `_id` names the delivery state the claimer read). Expiry is an
 * explicit `expires_at` that the dispatcher's purge deletes by.
 */
export class MongoWebhookStore implements WebhookStore {
  private readonly endpoints: Collection<EndpointDoc>;
  private readonly deliveries: Collection<DeliveryDoc>;
  private readonly claims: Collection<ClaimDoc>;
  private readonly positions: Collection<PositionDoc>;
  private readonly indexes: () => Promise<void>;

  constructor(db: Db) {
    this.endpoints = db.collection<EndpointDoc>("govern_webhooks");
    this.deliveries = db.collection<DeliveryDoc>("govern_webhook_deliveries");
    this.claims = db.collection<ClaimDoc>("govern_webhook_claims");
    this.positions = db.collection<PositionDoc>("govern_webhook_positions");
    const endpointIndexes = mongoLazyIndexes(this.endpoints, [{ keys: { workspace_id: 1, created_at: 1, _id: 1 }, options: { name: "workspace_listing" } }]);
    const deliveryIndexes = mongoLazyIndexes(this.deliveries, [
      { keys: { endpoint_id: 1, event_id: -1 }, options: { name: "endpoint_listing" } },
      { keys: { status: 1, next_attempt_at: 1, event_id: 1 }, options: { name: "due" } },
      { keys: { endpoint_id: 1, checkpoint_id: 1, status: 1, event_id: 1 }, options: { name: "checkpoint_order" } },
      { keys: { expires_at: 1 }, options: { name: "expiry" } },
    ]);
    const claimIndexes = mongoLazyIndexes(this.claims, [{ keys: { expires_at: 1 }, options: { name: "expiry" } }]);
    this.indexes = async () => {
      await endpointIndexes();
      await deliveryIndexes();
      await claimIndexes();
    };
  }

  async insertEndpoint(e: WebhookEndpoint): Promise<void> {
    await this.indexes();
    await this.endpoints.insertOne({
      _id: e.id,
      workspace_id: e.workspaceId,
      url: e.url,
      events: [...e.events],
      description: e.description,
      secret: e.secret,
      created_at: e.createdAt,
      disabled_at: e.disabledAt,
      disabled_reason: e.disabledReason,
      last_success_at: e.lastSuccessAt,
    });
  }

  async getEndpoint(workspaceId: string, id: string): Promise<WebhookEndpoint | null> {
    const doc = await this.endpoints.findOne({ _id: id });
    return doc && doc.workspace_id === workspaceId ? endpointOf(doc) : null;
  }

  async listEndpoints(workspaceId?: string): Promise<WebhookEndpoint[]> {
    await this.indexes();
    const filter = workspaceId === undefined ? {} : { workspace_id: workspaceId };
    return (await this.endpoints.find(filter).sort({ created_at: 1, _id: 1 }).toArray()).map(endpointOf);
  }

  async listEnabledEndpoints(workspaceId?: string): Promise<WebhookEndpoint[]> {
    await this.indexes();
    const filter = workspaceId === undefined ? { disabled_at: null } : { workspace_id: workspaceId, disabled_at: null };
    return (await this.endpoints.find(filter).sort({ created_at: 1, _id: 1 }).toArray()).map(endpointOf);
  }

  async deleteEndpoint(workspaceId: string, id: string): Promise<boolean> {
    const deleted = await this.endpoints.deleteOne({ _id: id, workspace_id: workspaceId });
    if (deleted.deletedCount === 0) return false;
    // Should this fail, the dispatcher drops the deliveries of a missing endpoint as it meets them.
    await this.deliveries.deleteMany({ endpoint_id: id });
    return true;
  }

  async disableEndpoint(id: string, at: number, reason: string): Promise<void> {
    const updated = await this.endpoints.updateOne({ _id: id, disabled_at: null }, { $set: { disabled_at: at, disabled_reason: reason } });
    if (updated.modifiedCount === 0) return;
    await this.deliveries.updateMany(
      { endpoint_id: id, status: "pending" },
      { $set: { status: "failed", next_attempt_at: null, last_error: "endpoint disabled" } },
    );
  }

  async setSecret(id: string, secret: string): Promise<void> {
    await this.endpoints.updateOne({ _id: id }, { $set: { secret } });
  }

  async noteSuccess(id: string, at: number): Promise<void> {
    await this.endpoints.updateOne(
      { _id: id, $or: [{ last_success_at: null }, { last_success_at: { $lt: at - SUCCESS_GRANULARITY_MS } }] },
      { $set: { last_success_at: at } },
    );
  }

  async enqueue(deliveries: readonly WebhookDelivery[]): Promise<void> {
    if (deliveries.length === 0) return;
    await this.indexes();
    // One insert each: a duplicate is the pair already enqueued, and must not stop the others.
    for (const d of deliveries) {
      try {
        await this.deliveries.insertOne(deliveryDoc(d));
      } catch (err) {
        if (!isDuplicateKeyError(err)) throw err;
      }
    }
  }

  async getDelivery(id: string): Promise<WebhookDelivery | null> {
    const doc = await this.deliveries.findOne({ _id: id });
    return doc ? deliveryOf(doc) : null;
  }

  async listDeliveries(endpointId: string, query: DeliveryListQuery): Promise<WebhookDelivery[]> {
    await this.indexes();
    const filter = query.beforeEventId === undefined ? { endpoint_id: endpointId } : { endpoint_id: endpointId, event_id: { $lt: query.beforeEventId } };
    return (await this.deliveries.find(filter).sort({ event_id: -1 }).limit(query.limit).toArray()).map(deliveryOf);
  }

  async listDue(now: number, limit: number): Promise<WebhookDelivery[]> {
    await this.indexes();
    const docs = await this.deliveries
      .find({ status: "pending", next_attempt_at: { $lte: now } })
      .sort({ next_attempt_at: 1, event_id: 1 })
      .limit(limit)
      .toArray();
    return docs.map(deliveryOf);
  }

  async earlierPending(d: WebhookDelivery): Promise<WebhookDelivery | null> {
    const docs = await this.deliveries
      .find({ endpoint_id: d.endpointId, checkpoint_id: d.checkpointId, status: "pending", event_id: { $lt: d.eventId } })
      .sort({ event_id: 1 })
      .limit(1)
      .toArray();
    return docs[0] ? deliveryOf(docs[0]) : null;
  }

  async claim(d: WebhookDelivery, leaseUntil: number): Promise<boolean> {
    try {
      await this.claims.insertOne({ _id: `${d.id}#${d.attempts}#${d.nextAttemptAt}`, expires_at: d.expiresAt });
    } catch (err) {
      if (isDuplicateKeyError(err)) return false;
      throw err;
    }
    // The insert decided the claim; this only tells whether the state read is still the state stored.
    const moved = await this.deliveries.updateOne(
      { _id: d.id, status: "pending", attempts: d.attempts, next_attempt_at: d.nextAttemptAt },
      { $set: { next_attempt_at: leaseUntil } },
    );
    return moved.matchedCount === 1;
  }

  async defer(d: WebhookDelivery, until: number): Promise<void> {
    await this.deliveries.updateOne({ _id: d.id, status: "pending", next_attempt_at: d.nextAttemptAt }, { $set: { next_attempt_at: until } });
  }

  async recordAttempt(id: string, attemptsBefore: number, o: AttemptOutcome): Promise<boolean> {
    const updated = await this.deliveries.updateOne(
      { _id: id, status: "pending", attempts: attemptsBefore },
      {
        $set: {
          status: o.status,
          attempts: attemptsBefore + 1,
          next_attempt_at: o.status === "pending" ? o.nextAttemptAt : null,
          last_attempt_at: o.at,
          last_response_status: o.responseStatus,
          last_error: o.error,
        },
      },
    );
    return updated.matchedCount === 1;
  }

  async purgeDeliveries(now: number): Promise<void> {
    await this.indexes();
    await this.deliveries.deleteMany({ expires_at: { $lt: now } });
    await this.claims.deleteMany({ expires_at: { $lt: now } });
  }

  async getPosition(workspaceId: string): Promise<FeedPosition | null> {
    const doc = await this.positions.findOne({ _id: workspaceId });
    return doc ? { floor: doc.floor, seen: doc.seen } : null;
  }

  async savePosition(workspaceId: string, position: FeedPosition): Promise<void> {
    await this.positions.replaceOne({ _id: workspaceId }, { floor: position.floor, seen: [...position.seen] }, { upsert: true });
  }
}

function endpointOf(d: EndpointDoc): WebhookEndpoint {
  return {
    id: d._id,
    workspaceId: d.workspace_id,
    url: d.url,
    events: d.events as CheckpointEventType[],
    description: d.description ?? null,
    secret: d.secret,
    createdAt: d.created_at,
    disabledAt: d.disabled_at ?? null,
    disabledReason: d.disabled_reason ?? null,
    lastSuccessAt: d.last_success_at ?? null,
  };
}

function deliveryDoc(d: WebhookDelivery): DeliveryDoc {
  return {
    _id: d.id,
    endpoint_id: d.endpointId,
    workspace_id: d.workspaceId,
    event_id: d.eventId,
    event_type: d.eventType,
    checkpoint_id: d.checkpointId,
    body: d.body,
    created_at: d.createdAt,
    status: d.status,
    attempts: d.attempts,
    next_attempt_at: d.nextAttemptAt,
    last_attempt_at: d.lastAttemptAt,
    last_response_status: d.lastResponseStatus,
    last_error: d.lastError,
    expires_at: d.expiresAt,
  };
}

function deliveryOf(d: DeliveryDoc): WebhookDelivery {
  return {
    id: d._id,
    endpointId: d.endpoint_id,
    workspaceId: d.workspace_id,
    eventId: d.event_id,
    eventType: d.event_type as CheckpointEventType,
    checkpointId: d.checkpoint_id,
    body: d.body,
    createdAt: d.created_at,
    status: d.status as WebhookDeliveryStatus,
    attempts: d.attempts,
    nextAttemptAt: d.next_attempt_at ?? null,
    lastAttemptAt: d.last_attempt_at ?? null,
    lastResponseStatus: d.last_response_status ?? null,
    lastError: d.last_error ?? null,
    expiresAt: d.expires_at,
  };
}
