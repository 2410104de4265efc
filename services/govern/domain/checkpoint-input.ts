import type { JsonObject } from "@bufbuild/protobuf";
import { ValidationError } from "../../../lib/errors.js";
import { hashPayload, type PayloadHash } from "../../../lib/payload-hash.js";
import type { AutonomyLevel } from "./autonomy-level.js";
import { LIMITS } from "./limits.js";
import { optionalInteger, optionalText, requiredText, textList } from "./validate-text.js";

/** A checkpoint request as received, before validation. */
export interface RawCheckpointInput {
  action: string;
  payload?: JsonObject | null;
  agentId?: string | null;
  agentName?: string | null;
  context?: string | null;
  reasoning?: string | null;
  autonomyLevel?: AutonomyLevel | null;
  policyIds?: readonly string[];
  policyGroupIds?: readonly string[];
  timeoutSeconds?: number | null;
}

/** A validated checkpoint request; empty optional strings are null. */
export interface CheckpointInput {
  action: string;
  payload: JsonObject | null;
  /** `payload_sha256` of the payload, computed once while validating it. */
  payloadSha256: string;
  agentId: string | null;
  agentName: string | null;
  context: string | null;
  reasoning: string | null;
  autonomyLevel: AutonomyLevel | null;
  policyIds: string[];
  policyGroupIds: string[];
  timeoutSeconds: number | null;
}

/**
 * Validates a checkpoint request field by field; the ValidationError names
 * the REST field. Whether `agent_id` and `policy_ids` exist is checked by
 * the caller against the stores.
 */
export function validateCheckpointInput(raw: RawCheckpointInput): CheckpointInput {
  const payload = raw.payload ?? null;
  return {
    action: requiredText("action", raw.action, LIMITS.actionLength),
    payload,
    payloadSha256: validPayloadHash(payload),
    agentId: optionalText("agent_id", raw.agentId, LIMITS.idLength),
    agentName: optionalText("agent_name", raw.agentName, LIMITS.agentNameLength),
    context: optionalText("context", raw.context, LIMITS.textLength),
    reasoning: optionalText("reasoning", raw.reasoning, LIMITS.textLength),
    autonomyLevel: raw.autonomyLevel ?? null,
    policyIds: textList("policy_ids", raw.policyIds ?? [], LIMITS.listEntries, LIMITS.idLength),
    policyGroupIds: textList("policy_group_ids", raw.policyGroupIds ?? [], LIMITS.listEntries, LIMITS.idLength),
    timeoutSeconds: optionalInteger("timeout_seconds", raw.timeoutSeconds, LIMITS.minTimeoutSeconds, LIMITS.maxTimeoutSeconds),
  };
}

// The token commits to the payload's hash, so it must be plain JSON (no NaN
// or Infinity); hashing it is also how its size is measured.
function validPayloadHash(payload: JsonObject | null): string {
  let hash: PayloadHash;
  try {
    hash = hashPayload(payload);
  } catch {
    throw new ValidationError("payload", "must be a JSON object");
  }
  if (hash.canonicalBytes > LIMITS.payloadBytes) throw new ValidationError("payload", "must be at most 1 MiB as JSON");
  return hash.sha256;
}
