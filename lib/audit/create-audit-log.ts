import { pickAdapter, type StoreBackend } from "../db/backend.js";
import type { AuditLog } from "./audit-log.js";
import { MongoAuditLog } from "./mongo-audit-log.js";
import { SqliteAuditLog } from "./sqlite-audit-log.js";

/** The AuditLog adapter for `backend`. */
export function createAuditLog(backend: StoreBackend): AuditLog {
  return pickAdapter<AuditLog>(backend, {
    sqlite: (db) => new SqliteAuditLog(db),
    mongodb: (db) => new MongoAuditLog(db),
  });
}
