import type { JsonObject } from "@bufbuild/protobuf";
import { AutonomyLevelSchema, CheckpointStatusSchema, VoteDecisionSchema } from "../../../gen/gatehouse/govern/v1/govern_pb.js";
import { enumValue } from "../../../lib/enum-wire.js";
import { RateLimitedError } from "../../../lib/errors.js";
import { route } from "../route.js";
import {
  CancelBody,
  CheckpointDecision,
  CheckpointListResponse,
  CreateCheckpointBody,
  DecisionBody,
  ListCheckpointsQuery,
  WaitQuery,
} from "../schemas/checkpoint.js";
import { IdParams } from "../schemas/common.js";
import { checkpointView } from "../views/checkpoint.js";
import { idempotencyKeyOf, markReplayed } from "./idempotency-header.js";
import type { RouteDeps } from "./deps.js";

/** Minimum spacing of cold polls of one checkpoint by one key (spec "Limits"). */
export const COLD_POLL_SPACING_MS = 1000;
/** Default long-poll hold (spec "Limits"). */
export const DEFAULT_WAIT_SECONDS = 50;

/** `/v1/checkpoints`: approval checkpoints, the reviewer queue, votes and waits. */
export function checkpointRoutes({ clients }: RouteDeps) {
  return [
    route({
      method: "POST",
      url: "/v1/checkpoints",
      operationId: "createCheckpoint",
      summary: "Ask for approval of an action; a fast-path policy may decide in this response",
      tags: ["checkpoints"],
      scope: "govern:checkpoints:write",
      body: CreateCheckpointBody,
      headers: [{ name: "Idempotency-Key", description: "Unique string (UUID recommended); a retry with the same body replays the first answer." }],
      status: 201,
      response: CheckpointDecision,
      async handler({ caller, body, headers, response }) {
        const res = await clients.govern.createCheckpoint({
          caller,
          action: body.action,
          payload: body.payload as JsonObject | undefined,
          agentName: body.agent_name,
          agentId: body.agent_id,
          context: body.context,
          reasoning: body.reasoning,
          autonomyLevel: body.autonomy_level ? enumValue(AutonomyLevelSchema, body.autonomy_level) : 0,
          policyIds: body.policy_ids ?? [],
          policyGroupIds: body.policy_group_ids ?? [],
          timeoutSeconds: body.timeout_seconds,
          idempotencyKey: idempotencyKeyOf(headers),
        });
        if (res.replayed) markReplayed(response);
        return checkpointView(res.checkpoint!);
      },
    }),
    route({
      method: "GET",
      url: "/v1/checkpoints",
      operationId: "listCheckpoints",
      summary: "The reviewer queue: checkpoints, newest first, cursor-paged",
      tags: ["checkpoints"],
      scope: "govern:checkpoints:read",
      query: ListCheckpointsQuery,
      status: 200,
      response: CheckpointListResponse,
      async handler({ caller, query }) {
        const res = await clients.govern.listCheckpoints({
          caller,
          status: query.status ? enumValue(CheckpointStatusSchema, query.status) : 0,
          limit: query.limit ?? 0,
          cursor: query.cursor ?? "",
        });
        return { checkpoints: res.checkpoints.map(checkpointView), next_cursor: res.nextCursor || null };
      },
    }),
    route({
      method: "GET",
      url: "/v1/checkpoints/:id",
      operationId: "getCheckpoint",
      summary: "Current state, without waiting (at most one poll per second per checkpoint)",
      tags: ["checkpoints"],
      scope: "govern:checkpoints:read",
      params: IdParams,
      status: 200,
      response: CheckpointDecision,
      errors: ["POLL_TOO_FREQUENT"],
      async handler({ caller, params }) {
        const slot = await clients.auth.throttlePoll({ caller, resource: `checkpoint:${params.id}`, spacingMs: COLD_POLL_SPACING_MS });
        if (!slot.allowed) {
          throw new RateLimitedError("POLL_TOO_FREQUENT", "poll a checkpoint at most once per second, or use /wait", slot.retryAfterSeconds);
        }
        const res = await clients.govern.getCheckpoint({ caller, id: params.id });
        return checkpointView(res.checkpoint!);
      },
    }),
    route({
      method: "GET",
      url: "/v1/checkpoints/:id/wait",
      operationId: "waitCheckpoint",
      summary: "Long-poll: 200 as soon as the checkpoint changes (or at once if terminal), 202 when the hold ends",
      tags: ["checkpoints"],
      scope: "govern:checkpoints:read",
      params: IdParams,
      query: WaitQuery,
      status: 200,
      alternateStatus: { status: 202, description: "The hold ended with no change: the unchanged state; wait again" },
      longPoll: true,
      response: CheckpointDecision,
      // Not async: a held wait keeps no suspended frame here.
      handler({ caller, params, query, response, signal }) {
        const hold = query.timeout ?? DEFAULT_WAIT_SECONDS;
        // The caller hanging up ends the hold and frees the waiter. No deadline
        // of its own: govern answers when the hold ends, and over the network the
        // transport's default deadline (60 s, above the longest hold) still
        // applies; in process a deadline would cost each waiter a timer and an
        // abort controller.
        return clients.govern.waitCheckpoint({ caller, id: params.id, timeoutSeconds: hold }, { signal }).then((res) => {
          response.status = res.changed ? 200 : 202;
          return checkpointView(res.checkpoint!);
        });
      },
    }),
    route({
      method: "POST",
      url: "/v1/checkpoints/:id/decisions",
      operationId: "decideCheckpoint",
      summary: "Record a reviewer's vote; one reject settles, approvals count toward each policy's quorum",
      tags: ["checkpoints"],
      scope: "govern:checkpoints:decide",
      params: IdParams,
      body: DecisionBody,
      status: 200,
      response: CheckpointDecision,
      errors: ["NOT_A_REVIEWER", "CHECKPOINT_NOT_PENDING", "ALREADY_VOTED"],
      async handler({ caller, params, body }) {
        const res = await clients.govern.decideCheckpoint({
          caller,
          id: params.id,
          decision: enumValue(VoteDecisionSchema, body.decision)!,
          reason: body.reason,
        });
        return checkpointView(res.checkpoint!);
      },
    }),
    route({
      method: "POST",
      url: "/v1/checkpoints/:id/cancel",
      operationId: "cancelCheckpoint",
      summary: "Cancel a pending checkpoint",
      tags: ["checkpoints"],
      scope: "govern:checkpoints:write",
      params: IdParams,
      body: CancelBody.optional(),
      status: 200,
      response: CheckpointDecision,
      errors: ["CHECKPOINT_NOT_PENDING"],
      async handler({ caller, params, body }) {
        const res = await clients.govern.cancelCheckpoint({ caller, id: params.id, reason: body?.reason });
        return checkpointView(res.checkpoint!);
      },
    }),
  ];
}
