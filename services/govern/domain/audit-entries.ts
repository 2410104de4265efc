import type { AuditActor, AuditEntry, AuditJson } from "../../../lib/audit/audit-event.js";
import { changedFields, digestOf } from "../../../lib/audit/change-record.js";
import type { Checkpoint } from "./checkpoint.js";
import type { CheckpointEventType } from "./checkpoint-event.js";
import type { Policy } from "./policy.js";
import type { WebhookEndpoint } from "./webhook-endpoint.js";

function policySpec(policy: Policy): object {
  const { id: _id, workspaceId: _ws, version: _v, createdAt: _c, updatedAt: _u, ...spec } = policy;
  return spec;
}

/** The audit entry of a new policy: what it decides, its version, and the digest of its whole spec. */
export function policyCreatedEntry(policy: Policy, actor: AuditActor): AuditEntry {
  return {
    type: "policy.created",
    at: policy.createdAt,
    actor,
    resource: { type: "policy", id: policy.id },
    data: { name: policy.name, status: policy.status, outcome: policy.outcome, version: policy.version, spec_sha256: digestOf(policySpec(policy)) },
  };
}

/** The audit entry of an accepted policy edit: new version, changed fields, status and outcome after it, digest of the new spec. */
export function policyUpdatedEntry(before: Policy, after: Policy, actor: AuditActor): AuditEntry {
  return {
    type: "policy.updated",
    at: after.updatedAt,
    actor,
    resource: { type: "policy", id: after.id },
    data: {
      version: after.version,
      changed: changedFields(policySpec(before), policySpec(after)),
      status: after.status,
      outcome: after.outcome,
      spec_sha256: digestOf(policySpec(after)),
    },
  };
}

/**
 * The audit entry of a new webhook endpoint: its host, the digest of its URL
 * (a URL may carry a token) and the events it receives; never its secret.
 */
export function webhookCreatedEntry(endpoint: WebhookEndpoint, actor: AuditActor): AuditEntry {
  return {
    type: "webhook.created",
    at: endpoint.createdAt,
    actor,
    resource: { type: "webhook", id: endpoint.id },
    data: { host: new URL(endpoint.url).host, url_sha256: digestOf(endpoint.url), events: [...endpoint.events] },
  };
}

/** The audit entry of a deleted webhook endpoint. */
export function webhookDeletedEntry(id: string, actor: AuditActor, at: number): AuditEntry {
  return { type: "webhook.deleted", at, actor, resource: { type: "webhook", id }, data: {} };
}

const reasonDigest = (reason: string | null) => (reason === null ? null : digestOf(reason));

/**
 * The audit entries of one stored checkpoint change, one per checkpoint
 * event it made (see `eventsOfChange`), then `decision_token.issued` when
 * the change gave it its token. Payload, context, reasoning and reasons
 * appear as digests only. `actor` caused the change; expiry is Gatehouse's.
 */
export function checkpointAuditEntries(events: readonly CheckpointEventType[], checkpoint: Checkpoint, tokenIsNew: boolean, actor: AuditActor, at: number): AuditEntry[] {
  const resource = { type: "checkpoint", id: checkpoint.id };
  const entries: AuditEntry[] = events.map((type) => ({ type, at, actor, resource, data: checkpointEventData(type, checkpoint) }));
  if (tokenIsNew && checkpoint.decisionToken !== null) {
    entries.push({ type: "decision_token.issued", at, actor, resource, data: { status: checkpoint.status, ...decisionTokenFacts(checkpoint.decisionToken) } });
  }
  return entries;
}

function checkpointEventData(type: CheckpointEventType, cp: Checkpoint): { [key: string]: AuditJson } {
  switch (type) {
    case "checkpoint.created":
      return {
        status: cp.status,
        action: cp.action,
        payload_sha256: digestOf(cp.payload),
        agent_id: cp.agentId,
        policy_ids: cp.evals.filter((e) => e.applicability === "applicable").map((e) => e.policyId),
        expires_at: new Date(cp.expiresAt).toISOString(),
      };
    case "checkpoint.voted": {
      const vote = cp.votes[cp.votes.length - 1]!;
      return { subject: vote.subject, decision: vote.decision, reason_sha256: reasonDigest(vote.reason) };
    }
    default:
      return { status: cp.status, reason_sha256: reasonDigest(cp.reason) };
  }
}

// The token is Gatehouse's own, just signed: its claims are read, not verified.
function decisionTokenFacts(token: string): { [key: string]: AuditJson } {
  const [header, claims] = token.split(".").slice(0, 2).map((part) => {
    try {
      return JSON.parse(Buffer.from(part, "base64url").toString("utf8")) as Record<string, unknown>;
    } catch {
      return {};
    }
  });
  const pick = (v: unknown) => (typeof v === "string" || typeof v === "number" ? v : null);
  return { jti: pick(claims?.jti), kid: pick(header?.kid), exp: pick(claims?.exp), token_sha256: digestOf(token) };
}
