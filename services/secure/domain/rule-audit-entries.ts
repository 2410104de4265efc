import type { AuditActor, AuditEntry } from "../../../lib/audit/audit-event.js";
import { changedFields, digestOf } from "../../../lib/audit/change-record.js";
import type { Rule, RuleSpec } from "./rule.js";

function specOf(rule: Rule): RuleSpec {
  const { name, description, type, action, severity, status, appliesToAll, agentIds, dataDirection, customPatterns, toolNames, dataCategories, dataDescriptions, dslStatements, patternLibraryIds, detectionSensitivity } = rule;
  return { name, description, type, action, severity, status, appliesToAll, agentIds, dataDirection, customPatterns, toolNames, dataCategories, dataDescriptions, dslStatements, patternLibraryIds, detectionSensitivity };
}

/**
 * The audit entry of a new rule: what it does (type, action, severity,
 * status), its version, and `spec_sha256` — the digest of its whole writable
 * spec (see `digestOf`) — rather than its patterns and statements.
 */
export function ruleCreatedEntry(rule: Rule, actor: AuditActor): AuditEntry {
  return {
    type: "rule.created",
    at: rule.createdAt,
    actor,
    resource: { type: "rule", id: rule.id },
    data: { name: rule.name, rule_type: rule.type, action: rule.action, severity: rule.severity, status: rule.status, version: rule.version, spec_sha256: digestOf(specOf(rule)) },
  };
}

/** The audit entry of an accepted edit: the new version, the fields it changed, the status after it, and the new spec's digest. */
export function ruleUpdatedEntry(before: Rule, after: Rule, actor: AuditActor): AuditEntry {
  return {
    type: "rule.updated",
    at: after.updatedAt,
    actor,
    resource: { type: "rule", id: after.id },
    data: {
      version: after.version,
      changed: changedFields(specOf(before), specOf(after)),
      status: after.status,
      action: after.action,
      spec_sha256: digestOf(specOf(after)),
    },
  };
}
