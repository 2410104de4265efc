import { create } from "@bufbuild/protobuf";
import {
  TryRuleResponseSchema,
  type TryRuleRequest,
  type TryRuleResponse,
} from "../../../gen/gatehouse/secure/v1/secure_pb.js";
import { NotFoundError } from "../../../lib/errors.js";
import { newId } from "../../../lib/ids.js";
import { workspaceOf } from "../../../lib/rpc/caller.js";
import { rehearseOnSample } from "./rehearse-on-sample.js";
import type { SecureDeps } from "./secure-deps.js";

/**
 * `TryRule`: one rule of the caller's workspace (a draft, an archived or an
 * active one) against sample content, as if it were the only active rule and
 * applied to every agent — what its author needs to see before activating
 * it. The content is validated like a scan's (400 naming the field); an
 * unknown rule is a 404. Nothing moves: no trigger is counted, no plan of
 * the workspace is touched, nothing is stored.
 */
export function tryRule(deps: SecureDeps) {
  return async (req: TryRuleRequest): Promise<TryRuleResponse> => {
    const rule = await deps.rules.get(workspaceOf(req.caller), req.id);
    if (!rule) throw new NotFoundError("rule", req.id);
    return create(TryRuleResponseSchema, { result: rehearseOnSample(rule, req, newId("scan", deps.clock.now())) });
  };
}
