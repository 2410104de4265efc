import { create } from "@bufbuild/protobuf";
import { timestampFromMs } from "@bufbuild/protobuf/wkt";
import { describe, expect, it } from "vitest";
import { CheckpointEventSchema } from "../../gen/gatehouse/govern/v1/govern_pb.js";
import { WebhookEventType } from "../../gateway/rest/schemas/webhook.js";
import { checkpointEventView } from "../../gateway/rest/views/checkpoint-event.js";
import { CHECKPOINT_EVENT_TYPES, checkpointEventId, type CheckpointEvent } from "../../services/govern/domain/checkpoint-event.js";
import { checkpointEventJson } from "../../services/govern/domain/checkpoint-event-json.js";
import { checkpointToProto } from "../../services/govern/routes/checkpoint-to-proto.js";
import { checkpointFixture, FIXTURE_T0 } from "../support/checkpoint-fixture.js";

// Webhooks (govern) and the event stream (gateway) make the same JSON from two sides of the RPC.
describe("a checkpoint event's JSON", () => {
  const events: CheckpointEvent[] = [
    {
      id: checkpointEventId(FIXTURE_T0, "cp_1", 1, 0),
      type: "checkpoint.created",
      at: FIXTURE_T0,
      checkpoint: checkpointFixture({ id: "cp_1" }),
    },
    {
      id: checkpointEventId(FIXTURE_T0 + 1234, "cp_2", 3, 1),
      type: "checkpoint.decided",
      at: FIXTURE_T0 + 1234,
      checkpoint: checkpointFixture({
        id: "cp_2",
        agentId: "agent_1",
        agentName: "billing-bot",
        payload: { amount: 12500, nested: { list: [1, "two", null] } },
        context: "ctx",
        reasoning: "why",
        autonomyLevel: "L3",
        policyIds: ["pol_1"],
        status: "approved",
        reason: "approved by Payments",
        decisionToken: "eyJ.token",
        decidedAt: FIXTURE_T0 + 1234,
        evals: [
          {
            policyId: "pol_1",
            policyName: "Payments",
            applicability: "applicable",
            status: "approved",
            quorumRequired: 2,
            quorumMet: 2,
            poolSize: 3,
            reviewers: ["alice", "bob", "carol"],
            timeoutOutcome: "rejected",
            scan: {
              gate: { onBlock: "review", onFlag: "review" },
              effect: "review",
              result: {
                scanId: "scan_1",
                verdict: "flag",
                ruleSetVersion: "rsv_1",
                matches: [
                  {
                    ruleId: "rule_1",
                    ruleName: "Emails",
                    type: "data_pattern",
                    action: "flag",
                    severity: "medium",
                    findings: [{ part: "context", kind: "email", label: "Email address", start: 3, end: 20, excerpt: "a***@example.com" }],
                  },
                ],
              },
            },
          },
          { policyId: "pol_2", policyName: "Other", applicability: "not_applicable", status: "skipped", quorumRequired: 0, quorumMet: 0, poolSize: 0, reviewers: [] },
        ],
        votes: [
          { subject: "alice", decision: "approve", reason: null, at: FIXTURE_T0 + 100 },
          { subject: "bob", decision: "approve", reason: "fine", at: FIXTURE_T0 + 1234 },
        ],
        revision: 3,
      }),
    },
  ];

  it.each(events.map((e) => [e.type, e] as const))("is the same in webhooks and in the event stream (%s)", (_type, e) => {
    const proto = create(CheckpointEventSchema, { id: e.id, type: e.type, at: timestampFromMs(e.at), checkpoint: checkpointToProto(e.checkpoint) });
    expect(JSON.parse(JSON.stringify(checkpointEventJson(e)))).toEqual(JSON.parse(JSON.stringify(checkpointEventView(proto))));
  });

  it("names the same event kinds in the REST schema as govern does", () => {
    expect(WebhookEventType.options).toEqual([...CHECKPOINT_EVENT_TYPES]);
  });
});
