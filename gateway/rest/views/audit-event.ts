import type { AuditEvent } from "../../../gen/gatehouse/auth/v1/auth_pb.js";

/** The REST form of an audit event: the chain's own JSON, member for member, so it verifies as received. */
export function auditEventView(e: AuditEvent) {
  return {
    seq: Number(e.seq),
    type: e.type,
    at: e.at,
    actor: { key_id: e.actor?.keyId ?? null, subject: e.actor?.subject ?? "" },
    resource: { type: e.resource?.type ?? "", id: e.resource?.id ?? "" },
    data: JSON.parse(e.dataJson) as Record<string, unknown>,
    prev_hash: e.prevHash,
    hash: e.hash,
  };
}
