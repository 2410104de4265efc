import { z } from "zod";

const HASH = z.string().regex(/^[0-9a-f]{64}$/);

/** `GET /v1/audit/events` query. */
export const ListAuditEventsQuery = z.strictObject({
  limit: z.coerce.number().int().min(1).max(1000).optional().describe("Events per page, 1…1000, default 100."),
  cursor: z.string().max(32).optional().describe("`next_cursor` of the previous page."),
  type: z.string().max(2000).optional().describe("Only events of these types, comma-separated (e.g. `key.created,key.revoked`)."),
  resource_type: z.string().min(1).max(100).optional().describe("Only events about this kind of resource (checkpoint, policy, rule, key, webhook, workspace, signing_key)."),
  resource_id: z.string().min(1).max(200).optional().describe("Only events about the resource with this ID."),
  since: z.iso.datetime({ offset: true }).optional().describe("Only events at or after this time (ISO 8601)."),
  until: z.iso.datetime({ offset: true }).optional().describe("Only events before this time (ISO 8601)."),
});

/** One link of the audit chain, exactly as it is hashed. */
export const AuditEventObject = z
  .object({
    seq: z.number().int().min(1).describe("Position in the workspace's chain: 1, 2, 3… without gaps."),
    type: z.string().describe("What happened, e.g. `checkpoint.decided`, `key.created`, `rule.updated`."),
    at: z.string().describe("When, ISO 8601 UTC with milliseconds, exactly as hashed."),
    actor: z
      .object({
        key_id: z.string().nullable().describe("The API key that made the change; null for Gatehouse itself."),
        subject: z.string().describe("The key's subject, or `gatehouse`."),
      })
      .describe("Who made the change."),
    resource: z.object({ type: z.string(), id: z.string() }).describe("What the change was made to."),
    data: z.record(z.string(), z.unknown()).describe("A compact change record: no secrets; payloads, reasons, specs and URLs as `*_sha256` digests."),
    prev_hash: HASH.describe("`hash` of event seq − 1; 64 zeros for seq 1."),
    hash: HASH.describe("Hex SHA-256 of the RFC 8785 canonical JSON of this event without `hash`."),
  })
  .meta({ id: "AuditEvent" });

/** `GET /v1/audit/events` answer. */
export const AuditEventListResponse = z.object({
  events: z.array(AuditEventObject),
  next_cursor: z.string().nullable().describe("Pass as `cursor` for the next page; null on the last page."),
});
