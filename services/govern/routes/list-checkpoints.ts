import { create } from "@bufbuild/protobuf";
import {
  CheckpointStatusSchema,
  ListCheckpointsResponseSchema,
  type ListCheckpointsRequest,
  type ListCheckpointsResponse,
} from "../../../gen/gatehouse/govern/v1/govern_pb.js";
import { ValidationError } from "../../../lib/errors.js";
import type { CheckpointStatus } from "../domain/checkpoint.js";
import { isDue } from "../domain/checkpoint-transitions.js";
import { LIMITS } from "../domain/limits.js";
import { decodeListCursor, encodeListCursor } from "../domain/list-cursor.js";
import { checkpointToProto } from "./checkpoint-to-proto.js";
import type { GovernDeps } from "./govern-deps.js";
import { fromProtoEnum } from "./proto-enum.js";
import { workspaceOf } from "../../../lib/rpc/caller.js";

/**
 * `ListCheckpoints` (the reviewer queue): the workspace's checkpoints, newest
 * first, of one status or all (UNSPECIFIED). `limit` 1..100, 0 meaning 50;
 * `cursor` is the `next_cursor` of the previous page, which is empty on the
 * last page. A due pending checkpoint is expired as it is listed, so it is
 * never shown as pending (a page of pending ones may then hold fewer).
 */
export function listCheckpoints(deps: GovernDeps) {
  return async (req: ListCheckpointsRequest): Promise<ListCheckpointsResponse> => {
    const workspaceId = workspaceOf(req.caller);
    const status = fromProtoEnum<CheckpointStatus>(CheckpointStatusSchema, req.status, "status") ?? undefined;
    const limit = req.limit === 0 ? LIMITS.defaultPageSize : req.limit;
    if (!Number.isInteger(limit) || limit < 1 || limit > LIMITS.maxPageSize) {
      throw new ValidationError("limit", `must be an integer from 1 to ${LIMITS.maxPageSize}`);
    }
    const afterId = req.cursor === "" ? undefined : decodeListCursor(req.cursor);

    // One extra row tells whether another page follows.
    const rows = await deps.checkpoints.list(workspaceId, { status, limit: limit + 1, afterId });
    const page = rows.slice(0, limit);
    const now = deps.clock.now();
    // A checkpoint that fell due and the sweep has not reached yet is expired
    // here, and leaves a listing of pending ones.
    const fresh = await Promise.all(page.map((c) => (isDue(c, now) ? deps.lifecycle.read(workspaceId, c.id) : c)));
    return create(ListCheckpointsResponseSchema, {
      checkpoints: fresh.filter((c) => status === undefined || c.status === status).map(checkpointToProto),
      nextCursor: rows.length > limit ? encodeListCursor(page[page.length - 1]!.id) : "",
    });
  };
}
