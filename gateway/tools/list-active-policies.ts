import { z } from "zod";
import { PolicyListResponse } from "../rest/schemas/policy.js";
import { defineTool } from "./tool-definition.js";

/** `list_active_policies`: `GET /v1/policies/active`. */
export const listActivePolicies = defineTool({
  name: "list_active_policies",
  title: "List the active approval policies",
  description:
    "List the workspace's active approval policies: which actions (globs), agents and autonomy levels each matches, " +
    "an optional CEL condition, and its outcome (approve, reject and block decide at once; review waits for quorum " +
    "approvals from the listed reviewers). Use it to anticipate whether request_approval will need a human. Takes no " +
    "arguments. Backed by GET /v1/policies/active; needs the scope govern:policies:read.",
  inputSchema: z.strictObject({}),
  outputSchema: PolicyListResponse,
  annotations: { readOnlyHint: true, openWorldHint: false },
  operationId: "listActivePolicies",
  toRoute: () => ({}),
});
