import type { CheckpointEvent } from "../../../gen/gatehouse/govern/v1/govern_pb.js";
import { checkpointView } from "./checkpoint.js";
import { iso } from "./time.js";

/**
 * The JSON of a checkpoint event, the same in the event stream and in
 * webhook deliveries: `{type, timestamp, data}` with the checkpoint as the
 * change left it and its revision (which grows with every change, so a
 * client that sees an event twice can tell).
 */
export function checkpointEventView(e: CheckpointEvent) {
  return {
    type: e.type,
    timestamp: iso(e.at),
    data: { checkpoint: checkpointView(e.checkpoint!), revision: e.checkpoint!.revision },
  };
}
