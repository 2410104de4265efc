import type { AuditEntry, AuditEvent, AuditHead } from "./audit-event.js";

/** Which events of a chain to list. */
export interface AuditQuery {
  /** Only events with a greater seq (the cursor); 0 from the start. */
  afterSeq: number;
  /** At most this many events. */
  limit: number;
  /** Only events of these types; all when empty or absent. */
  types?: readonly string[];
  resourceType?: string;
  resourceId?: string;
  /** Only events at or after this time (ISO 8601, as `toISOString` writes it). */
  since?: string;
  /** Only events before this time (ISO 8601, as `toISOString` writes it). */
  until?: string;
}

/**
 * The append-only audit trail: one hash chain per workspace (see
 * `audit-chain.ts`). An append takes the next seq of its workspace — gap-free
 * and unique however many processes append to the same store at once — and
 * links the event to the current head. Nothing updates or deletes an event.
 */
export interface AuditLog {
  /** Appends `entry` to the chain of `workspaceId`; resolves the stored event once it is durable. */
  append(workspaceId: string, entry: AuditEntry): Promise<AuditEvent>;
  /** Events of a workspace in ascending seq, filtered by `query`. */
  list(workspaceId: string, query: AuditQuery): Promise<AuditEvent[]>;
  /** The last event of a workspace's chain; null when it has none. */
  head(workspaceId: string): Promise<AuditHead | null>;
}
