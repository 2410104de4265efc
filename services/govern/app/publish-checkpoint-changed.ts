import type { EventBus } from "../../../lib/bus/event-bus.js";
import type { Logger } from "../../../lib/logger.js";
import type { Checkpoint } from "../domain/checkpoint.js";
import { checkpointChangedSubject, type CheckpointChanged } from "../domain/checkpoint-changed.js";

/**
 * Announces a stored change of `checkpoint`. Events are hints (waiters re-read
 * the store), so a bus failure is logged and never fails the change itself.
 */
export async function publishCheckpointChanged(bus: EventBus, logger: Logger, checkpoint: Checkpoint): Promise<void> {
  const event: CheckpointChanged = {
    id: checkpoint.id,
    workspace_id: checkpoint.workspaceId,
    revision: checkpoint.revision,
    status: checkpoint.status,
    expires_at: checkpoint.expiresAt,
  };
  try {
    await bus.publish(checkpointChangedSubject(checkpoint.workspaceId), event);
  } catch (err) {
    logger.warn({ err, checkpointId: checkpoint.id }, "publishing checkpoint change failed");
  }
}
