import { create, fromBinary, toBinary, toJson, type JsonObject } from "@bufbuild/protobuf";
import {
  AutonomyLevelSchema,
  CheckpointSchema,
  CreateCheckpointRequestSchema,
  CreateCheckpointResponseSchema,
  type Checkpoint as CheckpointMessage,
  type CreateCheckpointRequest,
  type CreateCheckpointResponse,
} from "../../../gen/gatehouse/govern/v1/govern_pb.js";
import { keyActor } from "../../../lib/audit/audit-event.js";
import { NotFoundError } from "../../../lib/errors.js";
import { runIdempotent } from "../../../lib/idempotency/index.js";
import { newId } from "../../../lib/ids.js";
import type { AutonomyLevel } from "../domain/autonomy-level.js";
import { validateCheckpointInput } from "../domain/checkpoint-input.js";
import { applyScanGate } from "../domain/apply-scan-gate.js";
import { evaluatePolicies } from "../domain/evaluate-policies.js";
import { gateScanContent, locateFindings } from "../domain/gate-scan-content.js";
import { scanForGate } from "../app/content-scanner.js";
import { narrowPolicies } from "../domain/narrow-policies.js";
import { newCheckpoint } from "../domain/new-checkpoint.js";
import { checkpointToProto } from "./checkpoint-to-proto.js";
import type { GovernDeps } from "./govern-deps.js";
import { fromProtoEnum } from "./proto-enum.js";
import { workspaceOf } from "../../../lib/rpc/caller.js";

/**
 * `CreateCheckpoint`: validates the request, evaluates it against the
 * workspace's active policies (narrowed by `policy_ids` / `policy_group_ids`)
 * and stores the checkpoint; a fast-path result is stored terminal with its
 * decision token. When an applicable policy asks for a content scan, the
 * secure service scans the payload, context and reasoning first and the
 * verdict gates those policies (see `applyScanGate`); a scan that cannot be
 * made is a 503 and nothing is stored. With an `idempotency_key` (scoped to the caller's key) the
 * same request gets the first answer again with `replayed` set, a different
 * one a 422, and a concurrent one a 409; of N parallel requests with one key
 * exactly one creates a checkpoint. The REST answer is 201.
 */
export function createCheckpoint(deps: GovernDeps) {
  return async (req: CreateCheckpointRequest): Promise<CreateCheckpointResponse> => {
    const workspaceId = workspaceOf(req.caller);
    const keyId = req.caller?.keyId ?? "";
    const { value, replayed } = await runIdempotent<CheckpointMessage>({
      store: deps.idempotency,
      clock: deps.clock,
      // Internal callers may have no key; their keys are then scoped to the workspace.
      scope: `${keyId === "" ? workspaceId : keyId}:CreateCheckpoint`,
      key: req.idempotencyKey,
      request: () => requestBody(req),
      run: () => evaluateAndStore(deps, workspaceId, req),
      encode: (checkpoint) => Buffer.from(toBinary(CheckpointSchema, checkpoint)).toString("base64"),
      decode: (stored) => fromBinary(CheckpointSchema, Buffer.from(stored, "base64")),
      onStoreError: (err) => deps.logger.warn({ err }, "idempotency store write failed"),
    });
    return create(CreateCheckpointResponseSchema, { checkpoint: value, replayed });
  };
}

async function evaluateAndStore(deps: GovernDeps, workspaceId: string, req: CreateCheckpointRequest): Promise<CheckpointMessage> {
  const input = validateCheckpointInput({
    action: req.action,
    payload: req.payload ?? null,
    agentId: req.agentId,
    agentName: req.agentName,
    context: req.context,
    reasoning: req.reasoning,
    autonomyLevel: fromProtoEnum<AutonomyLevel>(AutonomyLevelSchema, req.autonomyLevel, "autonomy_level"),
    policyIds: req.policyIds,
    policyGroupIds: req.policyGroupIds,
    timeoutSeconds: req.timeoutSeconds,
  });
  const [policies, agent] = await Promise.all([
    deps.policies.list(workspaceId),
    input.agentId === null ? null : deps.agents.get(workspaceId, input.agentId),
  ]);
  if (input.agentId !== null && agent === null) throw new NotFoundError("agent", input.agentId);
  const known = new Set(policies.map((p) => p.id));
  const unknown = input.policyIds.find((id) => !known.has(id));
  if (unknown !== undefined) throw new NotFoundError("policy", unknown);

  const active = policies.filter((p) => p.status === "active");
  const narrowed = narrowPolicies(active, input.policyIds, input.policyGroupIds);
  const agentName = input.agentName ?? agent?.name ?? null;
  let evaluation = evaluatePolicies(narrowed, { ...input, agentName });
  if (evaluation.scanRequested) {
    const layout = gateScanContent(input);
    const raw = await scanForGate(deps.secure, { caller: req.caller!, action: input.action, agentId: input.agentId, agentName }, layout, deps.logger);
    evaluation = applyScanGate(evaluation, narrowed, locateFindings(raw, layout));
  }
  const now = deps.clock.now();
  const checkpoint = newCheckpoint(input, evaluation, { id: newId("cp", now), workspaceId }, now);
  return checkpointToProto(await deps.lifecycle.create(checkpoint, input.payloadSha256, keyActor(req.caller!)));
}

// What the idempotency key is bound to: the request as the client sent it,
// without who sent it or the key itself.
function requestBody(req: CreateCheckpointRequest): JsonObject {
  const json = toJson(CreateCheckpointRequestSchema, req) as JsonObject;
  delete json.caller;
  delete json.idempotencyKey;
  return json;
}
