import type { Caller } from "../../gen/gatehouse/common/v1/common_pb.js";
import { ValidationError } from "../errors.js";

/**
 * The caller of a tenant-scoped request; a request that carries none, or no
 * workspace, is refused, since every such request must be scoped to one.
 */
export function requireCaller(caller: Caller | undefined): Caller {
  if (!caller || caller.workspaceId === "") throw new ValidationError("caller.workspace_id", "is required");
  return caller;
}

/** The workspace a tenant-scoped request is for (see `requireCaller`). */
export function workspaceOf(caller: Caller | undefined): string {
  return requireCaller(caller).workspaceId;
}
