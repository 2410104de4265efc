import { join } from "node:path";
import type { StoreBackend } from "../db/backend.js";
import { closeSqlite, openSqlite } from "../db/sqlite.js";
import type { AuditLog } from "./audit-log.js";
import { createAuditLog } from "./create-audit-log.js";

/** File of the embedded audit trail under GATEHOUSE_DATA_DIR, shared by every service. */
export const AUDIT_DB_FILE = "audit.db";

/** An audit log and how to release what was opened for it. */
export interface OpenAuditLog {
  log: AuditLog;
  close(): Promise<void>;
}

/**
 * The deployment's audit trail, which every service appends to, so that one
 * workspace has one chain whichever service records an event: on MongoDB the
 * `audit_events` collection of the database `backend` is on (services share
 * the database of GATEHOUSE_MONGODB_URI); embedded, the SQLite file
 * `<dataDir>/audit.db`, next to the services' own files, which several
 * processes may share. `close` releases the SQLite file; the MongoDB
 * connection stays the caller's.
 */
export function openAuditLog(backend: StoreBackend, dataDir: string): OpenAuditLog {
  if (backend.kind === "mongodb") return { log: createAuditLog(backend), close: async () => undefined };
  const db = openSqlite(join(dataDir, AUDIT_DB_FILE));
  return { log: createAuditLog({ kind: "sqlite", db }), close: () => closeSqlite(db) };
}
