import { create } from "@bufbuild/protobuf";
import { timestampFromMs, timestampMs } from "@bufbuild/protobuf/wkt";
import type { HandlerContext } from "@connectrpc/connect";
import {
  CheckpointStatusSchema,
  ReplayPoliciesResponseSchema,
  type ReplayPoliciesRequest,
  type ReplayPoliciesResponse,
} from "../../../gen/gatehouse/govern/v1/govern_pb.js";
import { ValidationError } from "../../../lib/errors.js";
import { workspaceOf } from "../../../lib/rpc/caller.js";
import { validationUnder } from "../../../lib/validation-under.js";
import { replayRecorded } from "../app/replay-recorded.js";
import { draftPolicies } from "../domain/draft-policies.js";
import { LIMITS } from "../domain/limits.js";
import { replayRange } from "../domain/replay-range.js";
import { validatePolicySpec } from "../domain/validate-policy-spec.js";
import type { GovernDeps } from "./govern-deps.js";
import { policyInputFromProto } from "./policy-input-from-proto.js";
import { toProtoEnum } from "./proto-enum.js";

/**
 * `ReplayPolicies`: validates each draft exactly like a create body (a 400
 * names `policies[i].<field>`; at most 100 drafts) and the range (default:
 * the 7 days before now; `since` must be before `until`), then replays the
 * workspace's checkpoints created in it against the drafts standing in for
 * the active policies (see `replayRecorded`). Stores nothing, changes
 * nothing; the drafts are not kept.
 */
export function replayPolicies(deps: GovernDeps) {
  return async (req: ReplayPoliciesRequest, ctx: HandlerContext): Promise<ReplayPoliciesResponse> => {
    const workspaceId = workspaceOf(req.caller);
    if (req.policies.length > LIMITS.listEntries) throw new ValidationError("policies", `at most ${LIMITS.listEntries} policies`);
    const specs = req.policies.map((p, i) => validationUnder(`policies[${i}]`, () => validatePolicySpec(policyInputFromProto(p))));
    const now = deps.clock.now();
    const range = replayRange(req.since ? timestampMs(req.since) : null, req.until ? timestampMs(req.until) : null, now);
    const agents = await deps.agents.list(workspaceId);
    const report = await replayRecorded({
      store: deps.checkpoints,
      workspaceId,
      range,
      drafts: draftPolicies(specs, workspaceId, now),
      agentNames: new Map(agents.map((a) => [a.id, a.name])),
      signal: ctx.signal,
    });
    return create(ReplayPoliciesResponseSchema, {
      since: timestampFromMs(range.since),
      until: timestampFromMs(range.until),
      evaluated: report.evaluated,
      changed: report.changed,
      unchanged: report.unchanged,
      skippedPinned: report.skippedPinned,
      needsScan: report.needsScan,
      transitions: report.transitions.map((t) => ({
        from: toProtoEnum(CheckpointStatusSchema, t.from),
        to: toProtoEnum(CheckpointStatusSchema, t.to),
        count: t.count,
        exampleCheckpointIds: t.examples,
      })),
      truncated: report.truncated,
      resumeSince: report.resumeSince === null ? undefined : timestampFromMs(report.resumeSince),
    });
  };
}
