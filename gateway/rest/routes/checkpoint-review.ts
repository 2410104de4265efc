import type { Caller } from "../../../gen/gatehouse/common/v1/common_pb.js";
import { AutonomyLevelSchema, type Checkpoint } from "../../../gen/gatehouse/govern/v1/govern_pb.js";
import { ScanType } from "../../../gen/gatehouse/secure/v1/secure_pb.js";
import { wireName } from "../../../lib/enum-wire.js";
import { RateLimitedError } from "../../../lib/errors.js";
import { route } from "../route.js";
import type { CheckpointReview } from "../schemas/checkpoint-review.js";
import { CheckpointReview as CheckpointReviewSchema } from "../schemas/checkpoint-review.js";
import { IdParams } from "../schemas/common.js";
import { checkpointView } from "../views/checkpoint.js";
import { readMaskedDocument, reviewDocument, type ReviewText } from "../views/masked-review.js";
import { COLD_POLL_SPACING_MS } from "./checkpoints.js";
import type { RouteDeps } from "./deps.js";

const DECIDE_SCOPE = "govern:checkpoints:decide";

/** Why `caller` cannot vote on `c`, or null when nothing known stands in the way. */
function cannotVoteReason(caller: Caller, c: ReturnType<typeof checkpointView>): string | null {
  if (c.status !== "pending") return `votes are closed: the checkpoint is ${c.status}`;
  if (!caller.scopes.includes(DECIDE_SCOPE)) return `this API key lacks the scope ${DECIDE_SCOPE}`;
  if (c.votes.some((v) => v.subject === caller.subject)) return `${caller.subject} has already voted on this checkpoint`;
  return null;
}

function reviewText(c: Checkpoint): ReviewText {
  return { context: c.context ?? null, reasoning: c.reasoning ?? null, payload: (c.payload as Record<string, unknown> | undefined) ?? null };
}

/**
 * `GET /v1/checkpoints/{id}/review`: a checkpoint as a reviewer reads it —
 * the decision object plus context, reasoning and payload with the
 * workspace's active rules applied for display (one redacting scan of the
 * three as a JSON document, so a key with only `govern:checkpoints:read`
 * sees them masked without holding a scan scope), what was found, and
 * whether the calling key can vote. Polled at most once a second per
 * checkpoint and key, like `GET /v1/checkpoints/{id}`. If the scan fails the
 * request fails: nothing is ever shown unmasked.
 */
export function checkpointReviewRoutes({ clients }: RouteDeps) {
  return [
    route({
      method: "GET",
      url: "/v1/checkpoints/:id/review",
      operationId: "reviewCheckpoint",
      summary: "A checkpoint for a reviewer: context, reasoning and payload masked by the workspace's rules, and whether this key can vote",
      tags: ["checkpoints"],
      scope: "govern:checkpoints:read",
      params: IdParams,
      status: 200,
      response: CheckpointReviewSchema,
      errors: ["POLL_TOO_FREQUENT"],
      async handler({ caller, params }): Promise<CheckpointReview> {
        const slot = await clients.auth.throttlePoll({ caller, resource: `checkpoint-review:${params.id}`, spacingMs: COLD_POLL_SPACING_MS });
        if (!slot.allowed) {
          throw new RateLimitedError("POLL_TOO_FREQUENT", "load a checkpoint's review at most once per second", slot.retryAfterSeconds);
        }
        const { checkpoint } = await clients.govern.getCheckpoint({ caller, id: params.id });
        const c = checkpoint!;
        const view = checkpointView(c);
        const text = reviewText(c);
        const document = reviewDocument(text);
        let masked = { ...text, masked_text: null as string | null };
        let redactions: CheckpointReview["redactions"] = [];
        if (document !== null) {
          // Inbound data rules are those for what an agent hands to a tool, which a checkpoint's payload is.
          const scan = await clients.secure.scan({
            caller,
            content: document,
            scanType: ScanType.PROMPT_INPUT,
            agentId: c.agentId ?? "",
            agentName: c.agentName ?? "",
            redact: true,
            // Reading a checkpoint is not a use of the rules.
            preview: true,
          });
          masked = readMaskedDocument(text, scan.redactedContent ?? "");
          redactions = scan.matches.flatMap((m) =>
            m.findings.map((f) => ({ rule_id: m.ruleId, rule_name: m.ruleName, kind: f.kind, label: f.label, excerpt: f.excerpt })),
          );
        }
        const reason = cannotVoteReason(caller, view);
        return {
          checkpoint: view,
          revision: c.revision,
          // The spec spells levels upper-case (L0…L5).
          autonomy_level: (wireName(AutonomyLevelSchema, c.autonomyLevel)?.toUpperCase() ?? null) as CheckpointReview["autonomy_level"],
          ...masked,
          redactions,
          viewer: { subject: caller.subject, can_vote: reason === null, cannot_vote_reason: reason },
        };
      },
    }),
  ];
}
