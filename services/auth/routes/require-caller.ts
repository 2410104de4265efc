import type { Caller } from "../../../gen/gatehouse/common/v1/common_pb.js";
import { ValidationError } from "../../../lib/errors.js";

/**
 * The caller of a tenant-scoped request; throws a ValidationError naming
 * `caller.workspace_id` when the request carries none, since every such
 * request must be scoped to a workspace.
 */
export function requireCaller(caller: Caller | undefined): Caller {
  if (!caller || caller.workspaceId === "") throw new ValidationError("caller.workspace_id", "is required");
  return caller;
}
