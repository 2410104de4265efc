import { create } from "@bufbuild/protobuf";
import { timestampDate } from "@bufbuild/protobuf/wkt";
import {
  ListAuditEventsResponseSchema,
  type ListAuditEventsRequest,
  type ListAuditEventsResponse,
} from "../../../gen/gatehouse/auth/v1/auth_pb.js";
import type { AuditEvent } from "../../../lib/audit/audit-event.js";
import { ValidationError } from "../../../lib/errors.js";
import { requireCaller } from "../../../lib/rpc/caller.js";
import { requireScope } from "../domain/scope-check.js";
import type { AuthDeps } from "./auth-deps.js";

/** Page size when none is asked for, and the largest one. */
export const AUDIT_PAGE = { default: 100, max: 1000 } as const;

// Far more than there are event types; bounds what one listing asks of the store.
const MAX_TYPES = 100;

// The cursor is the seq of the page's last event: "after this one" is all a
// next page needs, whatever the filters.
const CURSOR = /^[1-9]\d{0,15}$/;

/**
 * ListAuditEvents: the caller's workspace's audit trail in ascending seq
 * (needs audit:read). `limit` 1..1000, 0 meaning 100; `cursor` is the
 * previous page's `next_cursor` (empty on the last page); `types`,
 * `resource_type`, `resource_id`, `since` (inclusive) and `until`
 * (exclusive) narrow the events — a filtered listing has gaps in seq by
 * design, so only an unfiltered one verifies as a chain.
 */
export async function listAuditEvents(deps: AuthDeps, req: ListAuditEventsRequest): Promise<ListAuditEventsResponse> {
  const caller = requireCaller(req.caller);
  requireScope(caller.scopes, "audit:read");
  const limit = req.limit === 0 ? AUDIT_PAGE.default : req.limit;
  if (!Number.isInteger(limit) || limit < 1 || limit > AUDIT_PAGE.max) {
    throw new ValidationError("limit", `must be an integer from 1 to ${AUDIT_PAGE.max}`);
  }
  if (req.cursor !== "" && !CURSOR.test(req.cursor)) throw new ValidationError("cursor", "is not a cursor this listing returned");
  const types = req.types.map((t) => t.trim()).filter((t) => t !== "");
  if (types.length > MAX_TYPES) throw new ValidationError("types", `must name at most ${MAX_TYPES} types`);
  // One extra event tells whether another page follows.
  const events = await deps.audit.list(caller.workspaceId, {
    afterSeq: req.cursor === "" ? 0 : Number(req.cursor),
    limit: limit + 1,
    types,
    resourceType: req.resourceType,
    resourceId: req.resourceId,
    since: req.since && timestampDate(req.since).toISOString(),
    until: req.until && timestampDate(req.until).toISOString(),
  });
  const page = events.slice(0, limit);
  return create(ListAuditEventsResponseSchema, {
    events: page.map(auditEventMessage),
    nextCursor: events.length > limit ? String(page[page.length - 1]!.seq) : "",
  });
}

function auditEventMessage(e: AuditEvent) {
  return {
    seq: BigInt(e.seq),
    type: e.type,
    at: e.at,
    actor: { subject: e.actor.subject, ...(e.actor.key_id === null ? {} : { keyId: e.actor.key_id }) },
    resource: { type: e.resource.type, id: e.resource.id },
    dataJson: JSON.stringify(e.data),
    prevHash: e.prev_hash,
    hash: e.hash,
  };
}
