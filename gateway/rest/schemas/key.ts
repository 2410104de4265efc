import { z } from "zod";
import { SCOPES } from "../../../lib/scopes.js";
import { Timestamp } from "./common.js";

export const Scope = z.enum(SCOPES);

/** `POST /v1/keys` body. */
export const CreateKeyBody = z
  .strictObject({
    name: z.string().describe("Key name."),
    scopes: z.array(Scope).describe("Scopes granted; the caller must hold each of them."),
    allowed_ips: z.array(z.string()).optional().describe("IPv4/IPv6 addresses or CIDRs; empty allows all."),
    subject: z.string().optional().describe("Reviewer identity of the key; default: the name."),
    workspace_id: z.string().optional().describe("Workspace of the key; another one needs admin:workspaces:write."),
  })
  .meta({ id: "CreateKeyBody" });
export type CreateKeyBody = z.infer<typeof CreateKeyBody>;

/** An API key as listed (never its secret). */
export const KeyObject = z
  .object({
    id: z.string(),
    workspace_id: z.string(),
    name: z.string(),
    scopes: z.array(z.string()),
    allowed_ips: z.array(z.string()),
    subject: z.string(),
    secret_prefix: z.string(),
    created_at: Timestamp,
    revoked_at: Timestamp.nullable(),
  })
  .meta({ id: "ApiKey" });
export type KeyObject = z.infer<typeof KeyObject>;

export const CreatedKeyResponse = z.object({ key: KeyObject, secret: z.string().describe("Shown once.") });
export const KeyResponse = z.object({ key: KeyObject });
export const KeyListResponse = z.object({ keys: z.array(KeyObject) });

/** `POST /v1/workspaces` body. */
export const CreateWorkspaceBody = z.strictObject({ name: z.string() }).meta({ id: "CreateWorkspaceBody" });
export const WorkspaceObject = z
  .object({ id: z.string(), name: z.string(), created_at: Timestamp })
  .meta({ id: "Workspace" });
export const WorkspaceResponse = z.object({ workspace: WorkspaceObject });
