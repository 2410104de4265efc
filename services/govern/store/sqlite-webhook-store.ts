import type { Statement } from "better-sqlite3";
import type { SqliteDatabase } from "../../../lib/db/sqlite.js";
import type { CheckpointEventType } from "../domain/checkpoint-event.js";
import type { FeedPosition } from "../domain/feed-position.js";
import type { AttemptOutcome, WebhookDelivery, WebhookDeliveryStatus } from "../domain/webhook-delivery.js";
import type { WebhookEndpoint } from "../domain/webhook-endpoint.js";
import type { DeliveryListQuery, WebhookStore } from "./webhook-store.js";

const SCHEMA = `
CREATE TABLE IF NOT EXISTS govern_webhooks (
  id              TEXT    PRIMARY KEY,
  workspace_id    TEXT    NOT NULL,
  url             TEXT    NOT NULL,
  events          TEXT    NOT NULL,
  description     TEXT,
  secret          TEXT    NOT NULL,
  created_at      INTEGER NOT NULL,
  disabled_at     INTEGER,
  disabled_reason TEXT,
  last_success_at INTEGER
);
CREATE INDEX IF NOT EXISTS govern_webhooks_workspace ON govern_webhooks (workspace_id, created_at, id);
CREATE TABLE IF NOT EXISTS govern_webhook_deliveries (
  id                   TEXT    PRIMARY KEY,
  endpoint_id          TEXT    NOT NULL,
  workspace_id         TEXT    NOT NULL,
  event_id             TEXT    NOT NULL,
  event_type           TEXT    NOT NULL,
  checkpoint_id        TEXT    NOT NULL,
  body                 TEXT    NOT NULL,
  created_at           INTEGER NOT NULL,
  status               TEXT    NOT NULL,
  attempts             INTEGER NOT NULL,
  next_attempt_at      INTEGER,
  last_attempt_at      INTEGER,
  last_response_status INTEGER,
  last_error           TEXT,
  expires_at           INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS govern_webhook_deliveries_listing ON govern_webhook_deliveries (endpoint_id, event_id);
CREATE INDEX IF NOT EXISTS govern_webhook_deliveries_due ON govern_webhook_deliveries (status, next_attempt_at, event_id);
CREATE INDEX IF NOT EXISTS govern_webhook_deliveries_order ON govern_webhook_deliveries (endpoint_id, checkpoint_id, status, event_id);
CREATE INDEX IF NOT EXISTS govern_webhook_deliveries_expiry ON govern_webhook_deliveries (expires_at);
CREATE TABLE IF NOT EXISTS govern_webhook_positions (
  workspace_id TEXT PRIMARY KEY,
  floor        TEXT NOT NULL,
  seen         TEXT NOT NULL
);
`;

interface EndpointRow {
  id: string;
  workspace_id: string;
  url: string;
  events: string;
  description: string | null;
  secret: string;
  created_at: number;
  disabled_at: number | null;
  disabled_reason: string | null;
  last_success_at: number | null;
}

interface DeliveryRow {
  id: string;
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

// Success is noted for the disable rule, which compares it with times a day apart.
const SUCCESS_GRANULARITY_MS = 60_000;

/**
 * Webhook store on SQLite: one row per endpoint, per delivery and per
 * workspace position. SQLite serialises writes, so the conditions in the
 * UPDATEs are the whole claim.
 */
export class SqliteWebhookStore implements WebhookStore {
  private readonly s: Record<string, Statement>;
  // Made once: every statement is kept for the life of the process (see openSqlite).
  private readonly deleteTx: (workspaceId: string, id: string) => boolean;
  private readonly disableTx: (id: string, at: number, reason: string) => void;
  private readonly enqueueTx: (deliveries: readonly WebhookDelivery[]) => void;

  constructor(db: SqliteDatabase) {
    db.exec(SCHEMA);
    const p = (sql: string) => db.prepare(sql);
    this.s = {
      insertEndpoint: p(`INSERT INTO govern_webhooks (id, workspace_id, url, events, description, secret, created_at, disabled_at, disabled_reason, last_success_at)
        VALUES (@id, @workspace_id, @url, @events, @description, @secret, @created_at, @disabled_at, @disabled_reason, @last_success_at)`),
      getEndpoint: p("SELECT * FROM govern_webhooks WHERE workspace_id = ? AND id = ?"),
      listEndpoints: p("SELECT * FROM govern_webhooks WHERE workspace_id = ? ORDER BY created_at, id"),
      listAll: p("SELECT * FROM govern_webhooks ORDER BY created_at, id"),
      setSecret: p("UPDATE govern_webhooks SET secret = ? WHERE id = ?"),
      listEnabledIn: p("SELECT * FROM govern_webhooks WHERE workspace_id = ? AND disabled_at IS NULL ORDER BY created_at, id"),
      listEnabled: p("SELECT * FROM govern_webhooks WHERE disabled_at IS NULL ORDER BY created_at, id"),
      deleteEndpoint: p("DELETE FROM govern_webhooks WHERE workspace_id = ? AND id = ?"),
      deleteDeliveriesOf: p("DELETE FROM govern_webhook_deliveries WHERE endpoint_id = ?"),
      disable: p("UPDATE govern_webhooks SET disabled_at = ?, disabled_reason = ? WHERE id = ? AND disabled_at IS NULL"),
      failPendingOf: p(`UPDATE govern_webhook_deliveries SET status = 'failed', next_attempt_at = NULL, last_error = 'endpoint disabled'
        WHERE endpoint_id = ? AND status = 'pending'`),
      noteSuccess: p("UPDATE govern_webhooks SET last_success_at = ? WHERE id = ? AND (last_success_at IS NULL OR last_success_at < ?)"),
      enqueue: p(`INSERT OR IGNORE INTO govern_webhook_deliveries (id, endpoint_id, workspace_id, event_id, event_type, checkpoint_id, body,
          created_at, status, attempts, next_attempt_at, last_attempt_at, last_response_status, last_error, expires_at)
        VALUES (@id, @endpoint_id, @workspace_id, @event_id, @event_type, @checkpoint_id, @body, @created_at, @status, @attempts,
          @next_attempt_at, @last_attempt_at, @last_response_status, @last_error, @expires_at)`),
      getDelivery: p("SELECT * FROM govern_webhook_deliveries WHERE id = ?"),
      listDeliveries: p("SELECT * FROM govern_webhook_deliveries WHERE endpoint_id = ? ORDER BY event_id DESC LIMIT ?"),
      listDeliveriesBefore: p("SELECT * FROM govern_webhook_deliveries WHERE endpoint_id = ? AND event_id < ? ORDER BY event_id DESC LIMIT ?"),
      listDue: p(`SELECT * FROM govern_webhook_deliveries WHERE status = 'pending' AND next_attempt_at <= ?
        ORDER BY next_attempt_at, event_id LIMIT ?`),
      earlierPending: p(`SELECT * FROM govern_webhook_deliveries
        WHERE endpoint_id = ? AND checkpoint_id = ? AND status = 'pending' AND event_id < ? ORDER BY event_id LIMIT 1`),
      claim: p(`UPDATE govern_webhook_deliveries SET next_attempt_at = ?
        WHERE id = ? AND status = 'pending' AND attempts = ? AND next_attempt_at = ?`),
      defer: p("UPDATE govern_webhook_deliveries SET next_attempt_at = ? WHERE id = ? AND status = 'pending' AND next_attempt_at = ?"),
      record: p(`UPDATE govern_webhook_deliveries SET status = @status, attempts = @attempts, next_attempt_at = @next_attempt_at,
          last_attempt_at = @at, last_response_status = @response_status, last_error = @error
        WHERE id = @id AND attempts = @attempts_before AND status = 'pending'`),
      purge: p("DELETE FROM govern_webhook_deliveries WHERE expires_at < ?"),
      getPosition: p("SELECT floor, seen FROM govern_webhook_positions WHERE workspace_id = ?"),
      savePosition: p(`INSERT INTO govern_webhook_positions (workspace_id, floor, seen) VALUES (?, ?, ?)
        ON CONFLICT (workspace_id) DO UPDATE SET floor = excluded.floor, seen = excluded.seen`),
    };
    this.deleteTx = db.transaction((workspaceId: string, id: string) => {
      if (this.s.deleteEndpoint!.run(workspaceId, id).changes === 0) return false;
      this.s.deleteDeliveriesOf!.run(id);
      return true;
    });
    this.disableTx = db.transaction((id: string, at: number, reason: string) => {
      if (this.s.disable!.run(at, reason, id).changes === 1) this.s.failPendingOf!.run(id);
    });
    this.enqueueTx = db.transaction((deliveries: readonly WebhookDelivery[]) => {
      for (const d of deliveries) this.s.enqueue!.run(deliveryRow(d));
    });
  }

  async insertEndpoint(e: WebhookEndpoint): Promise<void> {
    this.s.insertEndpoint!.run({
      id: e.id,
      workspace_id: e.workspaceId,
      url: e.url,
      events: JSON.stringify(e.events),
      description: e.description,
      secret: e.secret,
      created_at: e.createdAt,
      disabled_at: e.disabledAt,
      disabled_reason: e.disabledReason,
      last_success_at: e.lastSuccessAt,
    });
  }

  async getEndpoint(workspaceId: string, id: string): Promise<WebhookEndpoint | null> {
    const row = this.s.getEndpoint!.get(workspaceId, id) as EndpointRow | undefined;
    return row ? endpointOf(row) : null;
  }

  async listEndpoints(workspaceId?: string): Promise<WebhookEndpoint[]> {
    const rows = workspaceId === undefined ? this.s.listAll!.all() : this.s.listEndpoints!.all(workspaceId);
    return (rows as EndpointRow[]).map(endpointOf);
  }

  async listEnabledEndpoints(workspaceId?: string): Promise<WebhookEndpoint[]> {
    const rows = workspaceId === undefined ? this.s.listEnabled!.all() : this.s.listEnabledIn!.all(workspaceId);
    return (rows as EndpointRow[]).map(endpointOf);
  }

  async deleteEndpoint(workspaceId: string, id: string): Promise<boolean> {
    return this.deleteTx(workspaceId, id);
  }

  async setSecret(id: string, secret: string): Promise<void> {
    this.s.setSecret!.run(secret, id);
  }

  async disableEndpoint(id: string, at: number, reason: string): Promise<void> {
    this.disableTx(id, at, reason);
  }

  async noteSuccess(id: string, at: number): Promise<void> {
    this.s.noteSuccess!.run(at, id, at - SUCCESS_GRANULARITY_MS);
  }

  async enqueue(deliveries: readonly WebhookDelivery[]): Promise<void> {
    this.enqueueTx(deliveries);
  }

  async getDelivery(id: string): Promise<WebhookDelivery | null> {
    const row = this.s.getDelivery!.get(id) as DeliveryRow | undefined;
    return row ? deliveryOf(row) : null;
  }

  async listDeliveries(endpointId: string, query: DeliveryListQuery): Promise<WebhookDelivery[]> {
    const rows =
      query.beforeEventId === undefined
        ? this.s.listDeliveries!.all(endpointId, query.limit)
        : this.s.listDeliveriesBefore!.all(endpointId, query.beforeEventId, query.limit);
    return (rows as DeliveryRow[]).map(deliveryOf);
  }

  async listDue(now: number, limit: number): Promise<WebhookDelivery[]> {
    return (this.s.listDue!.all(now, limit) as DeliveryRow[]).map(deliveryOf);
  }

  async earlierPending(d: WebhookDelivery): Promise<WebhookDelivery | null> {
    const row = this.s.earlierPending!.get(d.endpointId, d.checkpointId, d.eventId) as DeliveryRow | undefined;
    return row ? deliveryOf(row) : null;
  }

  async claim(d: WebhookDelivery, leaseUntil: number): Promise<boolean> {
    return this.s.claim!.run(leaseUntil, d.id, d.attempts, d.nextAttemptAt).changes === 1;
  }

  async defer(d: WebhookDelivery, until: number): Promise<void> {
    this.s.defer!.run(until, d.id, d.nextAttemptAt);
  }

  async recordAttempt(id: string, attemptsBefore: number, o: AttemptOutcome): Promise<boolean> {
    const result = this.s.record!.run({
      id,
      attempts_before: attemptsBefore,
      attempts: attemptsBefore + 1,
      status: o.status,
      next_attempt_at: o.status === "pending" ? o.nextAttemptAt : null,
      at: o.at,
      response_status: o.responseStatus,
      error: o.error,
    });
    return result.changes === 1;
  }

  async purgeDeliveries(now: number): Promise<void> {
    this.s.purge!.run(now);
  }

  async getPosition(workspaceId: string): Promise<FeedPosition | null> {
    const row = this.s.getPosition!.get(workspaceId) as { floor: string; seen: string } | undefined;
    return row ? { floor: row.floor, seen: JSON.parse(row.seen) as string[] } : null;
  }

  async savePosition(workspaceId: string, position: FeedPosition): Promise<void> {
    this.s.savePosition!.run(workspaceId, position.floor, JSON.stringify(position.seen));
  }
}

function endpointOf(r: EndpointRow): WebhookEndpoint {
  return {
    id: r.id,
    workspaceId: r.workspace_id,
    url: r.url,
    events: JSON.parse(r.events) as CheckpointEventType[],
    description: r.description,
    secret: r.secret,
    createdAt: r.created_at,
    disabledAt: r.disabled_at,
    disabledReason: r.disabled_reason,
    lastSuccessAt: r.last_success_at,
  };
}

function deliveryRow(d: WebhookDelivery): DeliveryRow {
  return {
    id: d.id,
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

function deliveryOf(r: DeliveryRow): WebhookDelivery {
  return {
    id: r.id,
    endpointId: r.endpoint_id,
    workspaceId: r.workspace_id,
    eventId: r.event_id,
    eventType: r.event_type as CheckpointEventType,
    checkpointId: r.checkpoint_id,
    body: r.body,
    createdAt: r.created_at,
    status: r.status as WebhookDeliveryStatus,
    attempts: r.attempts,
    nextAttemptAt: r.next_attempt_at,
    lastAttemptAt: r.last_attempt_at,
    lastResponseStatus: r.last_response_status,
    lastError: r.last_error,
    expiresAt: r.expires_at,
  };
}
