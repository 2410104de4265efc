import type { JsonObject } from "@bufbuild/protobuf";
import { payloadSha256 } from "../../../lib/payload-hash.js";
import type { Checkpoint } from "./checkpoint.js";

/**
 * The Gatehouse claims of a terminal checkpoint's decision token (the auth
 * service adds iss, aud = workspace, sub = checkpoint id, jti, iat, exp):
 * `status`, `action`, `payload_sha256`, `agent_id` and `agent_name` (null
 * when not supplied), `policy_ids` (the applicable policies) and `approvers`
 * (subjects who voted approve, in voting order); and, when a policy had the
 * checkpoint's content scanned, `scan: {verdict, scan_id, rule_set_version}`.
 * `payloadHash`, when given, must be `payloadSha256(checkpoint.payload)`.
 */
export function decisionClaims(checkpoint: Checkpoint, payloadHash: string = payloadSha256(checkpoint.payload)): JsonObject {
  return {
    status: checkpoint.status,
    action: checkpoint.action,
    payload_sha256: payloadHash,
    agent_id: checkpoint.agentId,
    agent_name: checkpoint.agentName,
    policy_ids: checkpoint.evals.filter((e) => e.applicability === "applicable").map((e) => e.policyId),
    approvers: checkpoint.votes.filter((v) => v.decision === "approve").map((v) => v.subject),
    ...scanClaim(checkpoint),
  };
}

// One scan serves every gated policy of a checkpoint: the first eval that holds it tells.
function scanClaim(checkpoint: Checkpoint): JsonObject {
  const scan = checkpoint.evals.find((e) => e.scan?.result)?.scan?.result;
  return scan ? { scan: { verdict: scan.verdict, scan_id: scan.scanId, rule_set_version: scan.ruleSetVersion } } : {};
}
