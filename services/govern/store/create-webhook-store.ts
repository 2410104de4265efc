import { pickAdapter, type StoreBackend } from "../../../lib/db/backend.js";
import { MongoWebhookStore } from "./mongo-webhook-store.js";
import { SqliteWebhookStore } from "./sqlite-webhook-store.js";
import type { WebhookStore } from "./webhook-store.js";

/** The webhook store for `backend`'s engine. */
export function createWebhookStore(backend: StoreBackend): WebhookStore {
  return pickAdapter<WebhookStore>(backend, {
    sqlite: (db) => new SqliteWebhookStore(db),
    mongodb: (db) => new MongoWebhookStore(db),
  });
}
