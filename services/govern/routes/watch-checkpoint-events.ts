import { create } from "@bufbuild/protobuf";
import { timestampFromMs } from "@bufbuild/protobuf/wkt";
import type { HandlerContext } from "@connectrpc/connect";
import {
  CheckpointEventSchema,
  WatchCheckpointEventsResponseSchema,
  type WatchCheckpointEventsRequest,
  type WatchCheckpointEventsResponse,
} from "../../../gen/gatehouse/govern/v1/govern_pb.js";
import { ValidationError } from "../../../lib/errors.js";
import { workspaceOf } from "../../../lib/rpc/caller.js";
import { EVENT_LOOKBACK_MS, watchEvents } from "../app/watch-events.js";
import type { FeedPosition } from "../domain/feed-position.js";
import { eventIdFloor, eventIdTime, positionTime } from "../domain/checkpoint-event.js";
import { LIMITS } from "../domain/limits.js";
import { checkpointToProto } from "./checkpoint-to-proto.js";
import type { GovernDeps } from "./govern-deps.js";

const DEFAULT_LIMIT = 100;
const MAX_LIMIT = 500;
// A client passes back what the previous answer gave; more than this is not one.
const MAX_SEEN = 10_000;

/**
 * `WatchCheckpointEvents`: the workspace's checkpoint events after the
 * client's position (see `watchEvents`), holding `timeout_seconds` (0, or
 * 1..55) for one; `resume` widens the first answer by the look-back
 * window. A floor that is not an event id is a ValidationError
 * naming `Last-Event-ID`, the header REST clients give it in.
 */
export function watchCheckpointEvents(deps: GovernDeps) {
  return async (req: WatchCheckpointEventsRequest, ctx: HandlerContext): Promise<WatchCheckpointEventsResponse> => {
    const workspaceId = workspaceOf(req.caller);
    if (req.timeoutSeconds !== 0 && (req.timeoutSeconds < LIMITS.minWaitSeconds || req.timeoutSeconds > LIMITS.maxWaitSeconds)) {
      throw new ValidationError("timeout_seconds", `must be 0 or an integer from ${LIMITS.minWaitSeconds} to ${LIMITS.maxWaitSeconds}`);
    }
    if (req.limit < 0 || req.limit > MAX_LIMIT) throw new ValidationError("limit", `must be from 1 to ${MAX_LIMIT}`);
    if (req.floor !== "" && positionTime(req.floor) === undefined) throw new ValidationError("Last-Event-ID", "is not an event id of this stream");
    if (req.seen.length > MAX_SEEN || req.seen.some((id) => positionTime(id) === undefined)) {
      throw new ValidationError("seen", "must be the ids the previous answer gave");
    }
    let from: FeedPosition = { floor: req.floor, seen: req.seen };
    const resumedAt = req.resume ? eventIdTime(req.floor) : undefined;
    // What the client had of the look-back window is unknown: repeating it beats losing a late event.
    if (resumedAt !== undefined) from = { floor: eventIdFloor(resumedAt - EVENT_LOOKBACK_MS), seen: [req.floor] };
    const outcome = await watchEvents(
      { checkpoints: deps.checkpoints, workspaceChanges: deps.workspaceChanges, clock: deps.clock },
      workspaceId,
      from,
      req.limit || DEFAULT_LIMIT,
      req.timeoutSeconds * 1000,
      ctx.signal,
    );
    return create(WatchCheckpointEventsResponseSchema, {
      events: outcome.events.map((e) =>
        create(CheckpointEventSchema, { id: e.id, type: e.type, at: timestampFromMs(e.at), checkpoint: checkpointToProto(e.checkpoint) }),
      ),
      floor: outcome.floor,
      seen: outcome.seen,
    });
  };
}
