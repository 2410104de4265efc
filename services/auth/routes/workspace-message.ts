import { create } from "@bufbuild/protobuf";
import { timestampFromMs } from "@bufbuild/protobuf/wkt";
import { WorkspaceSchema, type Workspace } from "../../../gen/gatehouse/auth/v1/auth_pb.js";
import type { WorkspaceRecord } from "../domain/workspace.js";

/** The wire form of a workspace. */
export function workspaceMessage(ws: WorkspaceRecord): Workspace {
  return create(WorkspaceSchema, { id: ws.id, name: ws.name, createdAt: timestampFromMs(ws.createdAt) });
}
