import type { Caller } from "../../../gen/gatehouse/common/v1/common_pb.js";
import { ValidationError } from "../../../lib/errors.js";

/** The workspace a call is scoped to; a call without one is refused. */
export function workspaceOf(caller: Caller | undefined): string {
  const ws = caller?.workspaceId ?? "";
  if (ws === "") throw new ValidationError("caller.workspace_id", "is required");
  return ws;
}
