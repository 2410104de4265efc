import { ValidationError } from "../../../lib/errors.js";
import { route } from "../route.js";
import { IdParams } from "../schemas/common.js";
import { timestampFromMs } from "@bufbuild/protobuf/wkt";
import {
  CreatePolicyBody,
  PolicyListResponse,
  PolicyReplayBody,
  PolicyReplayResponse,
  PolicyResponse,
  UpdatePolicyBody,
} from "../schemas/policy.js";
import { policyReplayView, policySpecOf, policyView } from "../views/policy.js";
import type { RouteDeps } from "./deps.js";
import { parseIfMatch } from "./rules.js";

/** `/v1/policies`: the workspace's approval policies. */
export function policyRoutes({ clients }: RouteDeps) {
  return [
    route({
      method: "GET",
      url: "/v1/policies/active",
      operationId: "listActivePolicies",
      summary: "The workspace's active policies",
      tags: ["policies"],
      scope: "govern:policies:read",
      status: 200,
      response: PolicyListResponse,
      async handler({ caller }) {
        const res = await clients.govern.listActivePolicies({ caller });
        return { policies: res.policies.map(policyView) };
      },
    }),
    route({
      method: "GET",
      url: "/v1/policies",
      operationId: "listPolicies",
      summary: "Every policy of the workspace",
      tags: ["policies"],
      scope: "govern:policies:read",
      status: 200,
      response: PolicyListResponse,
      async handler({ caller }) {
        const res = await clients.govern.listPolicies({ caller });
        return { policies: res.policies.map(policyView) };
      },
    }),
    route({
      method: "POST",
      url: "/v1/policies",
      operationId: "createPolicy",
      summary: "Create a policy",
      tags: ["policies"],
      scope: "govern:policies:write",
      body: CreatePolicyBody,
      status: 201,
      etag: true,
      response: PolicyResponse,
      async handler({ caller, body, response }) {
        const { policy } = await clients.govern.createPolicy({ caller, policy: policySpecOf(body) });
        response.headers["ETag"] = `"${policy!.version}"`;
        return { policy: policyView(policy!) };
      },
    }),
    route({
      method: "POST",
      url: "/v1/policies/replay",
      operationId: "replayPolicies",
      summary: "Replay a draft policy set on the checkpoints recorded in a time range (default: the last 7 days): how many immediate outcomes would change, by status pair, with examples; no content scan is run (needs_scan counts the checkpoints a gated draft would have scanned); nothing is stored",
      tags: ["policies"],
      scope: "govern:policies:write",
      body: PolicyReplayBody,
      status: 200,
      response: PolicyReplayResponse,
      async handler({ caller, body, signal }) {
        const at = (iso: string | undefined) => (iso === undefined ? undefined : timestampFromMs(Date.parse(iso)));
        const res = await clients.govern.replayPolicies(
          { caller, policies: body.policies.map(policySpecOf), since: at(body.since), until: at(body.until) },
          { signal },
        );
        return policyReplayView(res);
      },
    }),
    route({
      method: "GET",
      url: "/v1/policies/:id",
      operationId: "getPolicy",
      summary: "Get one policy",
      tags: ["policies"],
      scope: "govern:policies:read",
      params: IdParams,
      status: 200,
      etag: true,
      response: PolicyResponse,
      async handler({ caller, params, response }) {
        const { policy } = await clients.govern.getPolicy({ caller, id: params.id });
        response.headers["ETag"] = `"${policy!.version}"`;
        return { policy: policyView(policy!) };
      },
    }),
    route({
      method: "PATCH",
      url: "/v1/policies/:id",
      operationId: "updatePolicy",
      summary: "Change the sent fields of a policy (match is replaced whole when sent)",
      tags: ["policies"],
      scope: "govern:policies:write",
      params: IdParams,
      body: UpdatePolicyBody,
      headers: [{ name: "If-Match", description: 'Apply only if the policy is at this version (else 412).' }],
      status: 200,
      etag: true,
      response: PolicyResponse,
      async handler({ caller, params, body, headers, response }) {
        const paths = Object.keys(body);
        if (paths.length === 0) throw new ValidationError("body", "at least one field must be sent");
        const { policy } = await clients.govern.updatePolicy({
          caller,
          id: params.id,
          policy: policySpecOf(body),
          updateMask: { paths },
          expectedVersion: parseIfMatch(headers["if-match"]),
        });
        response.headers["ETag"] = `"${policy!.version}"`;
        return { policy: policyView(policy!) };
      },
    }),
  ];
}
