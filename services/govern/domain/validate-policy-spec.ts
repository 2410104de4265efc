import { ValidationError } from "../../../lib/errors.js";
import { LIMITS } from "./limits.js";
import { gateMayAskForReview, type PolicySpec, type ScanGate } from "./policy.js";
import { checkPolicyCondition } from "./policy-condition.js";
import type { PolicySpecInput } from "./policy-spec-input.js";
import { optionalInteger, optionalText, requiredText, textList } from "./validate-text.js";

/**
 * Validates a policy spec and applies its defaults: status active, quorum 1,
 * `match.actions` ["*"], timeout outcome `expired`, and for a `scan` gate
 * `on_block: "block"`, `on_flag: "review"`. `outcome` is required; a
 * `review` policy, and one whose scan gate may ask for review, needs at
 * least `quorum` reviewers (other policies ignore reviewers and quorum); a
 * `match.condition` must compile as a boolean CEL expression. Every
 * ValidationError names the REST field.
 */
export function validatePolicySpec(input: PolicySpecInput): PolicySpec {
  const name = requiredText("name", input.name, LIMITS.policyNameLength);
  const description = optionalText("description", input.description, LIMITS.policyDescriptionLength);
  if (input.outcome === null) throw new ValidationError("outcome", "is required (approve, reject, block or review)");
  const quorum = optionalInteger("quorum", input.quorum, 1, LIMITS.listEntries) ?? 1;
  const reviewers = textList("reviewers", input.reviewers, LIMITS.listEntries, LIMITS.subjectLength);
  if (input.outcome === "review" && reviewers.length < quorum) {
    throw new ValidationError("reviewers", `a review policy needs at least quorum (${quorum}) reviewers, got ${reviewers.length}`);
  }
  const scan: ScanGate | null = input.scan === null ? null : { onBlock: input.scan.onBlock ?? "block", onFlag: input.scan.onFlag ?? "review" };
  if (input.outcome !== "review" && gateMayAskForReview(scan) && reviewers.length < quorum) {
    throw new ValidationError(
      "reviewers",
      `a policy whose scan may ask for review needs at least quorum (${quorum}) reviewers, got ${reviewers.length}`,
    );
  }
  const actions = textList("match.actions", input.match.actions, LIMITS.listEntries, LIMITS.globLength);
  const condition = optionalText("match.condition", input.match.condition, LIMITS.conditionLength);
  if (condition !== null) {
    const problem = checkPolicyCondition(condition);
    if (problem !== null) throw new ValidationError("match.condition", problem);
  }
  return {
    name,
    description,
    status: input.status ?? "active",
    groupIds: textList("group_ids", input.groupIds, LIMITS.listEntries, LIMITS.idLength),
    match: {
      actions: actions.length > 0 ? actions : ["*"],
      agentIds: textList("match.agent_ids", input.match.agentIds, LIMITS.listEntries, LIMITS.idLength),
      autonomyLevels: [...new Set(input.match.autonomyLevels)],
      condition,
    },
    outcome: input.outcome,
    quorum,
    reviewers,
    timeoutSeconds: optionalInteger("timeout_seconds", input.timeoutSeconds, LIMITS.minTimeoutSeconds, LIMITS.maxTimeoutSeconds),
    timeoutOutcome: input.timeoutOutcome ?? "expired",
    scan,
  };
}
