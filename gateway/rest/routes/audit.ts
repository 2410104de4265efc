import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import { route } from "../route.js";
import { AuditEventListResponse, ListAuditEventsQuery } from "../schemas/audit.js";
import { auditEventView } from "../views/audit-event.js";
import type { RouteDeps } from "./deps.js";

const timestamp = (iso: string | undefined) => (iso === undefined ? undefined : timestampFromDate(new Date(iso)));

/** `/v1/audit/events`: the workspace's tamper-evident audit trail. */
export function auditRoutes({ clients }: RouteDeps) {
  return [
    route({
      method: "GET",
      url: "/v1/audit/events",
      operationId: "listAuditEvents",
      summary: "The workspace's audit trail: hash-chained events in ascending seq, cursor-paged, filterable by type, resource and time",
      tags: ["audit"],
      scope: "audit:read",
      query: ListAuditEventsQuery,
      status: 200,
      response: AuditEventListResponse,
      async handler({ caller, query }) {
        const res = await clients.auth.listAuditEvents({
          caller,
          limit: query.limit ?? 0,
          cursor: query.cursor ?? "",
          types: query.type?.split(",") ?? [],
          resourceType: query.resource_type,
          resourceId: query.resource_id,
          since: timestamp(query.since),
          until: timestamp(query.until),
        });
        return { events: res.events.map(auditEventView), next_cursor: res.nextCursor || null };
      },
    }),
  ];
}
