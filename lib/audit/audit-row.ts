import type { AuditEvent } from "./audit-event.js";

/** An event as both adapters store it: flat, `data` as JSON text so it reads back exactly as it was hashed. */
export interface AuditRow {
  seq: number;
  type: string;
  at: string;
  actor_key_id: string | null;
  actor_subject: string;
  resource_type: string;
  resource_id: string;
  data: string;
  prev_hash: string;
  hash: string;
}

/** The event a stored row holds (whatever it holds now: verification judges it). */
export function auditEventFromRow(row: AuditRow): AuditEvent {
  return {
    seq: row.seq,
    type: row.type,
    at: row.at,
    actor: { key_id: row.actor_key_id ?? null, subject: row.actor_subject },
    resource: { type: row.resource_type, id: row.resource_id },
    data: parseData(row.data),
    prev_hash: row.prev_hash,
    hash: row.hash,
  };
}

// A row edited into something that is not a JSON object still lists, as what
// it holds, so verification can name it instead of the listing failing.
function parseData(text: string): AuditEvent["data"] {
  try {
    const data: unknown = JSON.parse(text);
    if (typeof data === "object" && data !== null && !Array.isArray(data)) return data as AuditEvent["data"];
  } catch {
    // Reported below as what it is.
  }
  return { unreadable: text };
}
