import { create } from "@bufbuild/protobuf";
import { Code, ConnectError } from "@connectrpc/connect";
import { expect, it } from "vitest";
import { CheckpointStatus, PolicyOutcome } from "../../../gen/gatehouse/govern/v1/govern_pb.js";
import { RuleAction, ScanResponseSchema, ScanType, Verdict, type ScanRequest } from "../../../gen/gatehouse/secure/v1/secure_pb.js";
import { callerOf, onEveryEngine, rpcError } from "../../../test/support/govern-harness.js";
import type { ContentScanningClient } from "../app/content-scanner.js";

const ws = callerOf("ws_a", "creator", "key_1");

// The secure service as govern sees it, with a fault or a fixed answer injected.
let scans: ScanRequest[] = [];
let answer: () => Promise<ReturnType<typeof create<typeof ScanResponseSchema>>>;
const secure: ContentScanningClient = {
  scan: (req) => {
    scans.push(req as ScanRequest);
    return answer();
  },
};

onEveryEngine(
  () => {
    scans = [];
    answer = async () => create(ScanResponseSchema, { scanId: "scan_1", verdict: Verdict.ALLOW, allowed: true, ruleSetVersion: "rsv_1" });
    return { secure };
  },
  (h) => {
    const gatedPolicy = () =>
      h().client.createPolicy({ caller: ws, policy: { name: "Gated", outcome: PolicyOutcome.APPROVE, reviewers: ["rita"], scan: {} } });

    it("scans once per checkpoint as a tool call named after the action, for the checkpoint's workspace and agent", async () => {
      await gatedPolicy();
      await h().client.createPolicy({ caller: ws, policy: { name: "Also gated", outcome: PolicyOutcome.APPROVE, reviewers: ["rita"], scan: {} } });
      const res = await h().client.createCheckpoint({ caller: ws, action: "db.export", payload: { b: 2, a: 1 }, context: "ctx", agentName: "bot" });
      expect(res.checkpoint!.status).toBe(CheckpointStatus.APPROVED);
      expect(scans).toHaveLength(1);
      expect(scans[0]).toMatchObject({
        caller: { workspaceId: "ws_a" },
        content: '{"a":1,"b":2}\n\nctx',
        scanType: ScanType.TOOL_CALL,
        toolName: "db.export",
        agentName: "bot",
      });
      // A use of the rules, not a preview.
      expect(scans[0]!.preview ?? false).toBe(false);
      expect(res.checkpoint!.evals.map((e) => e.scan?.scanId)).toEqual(["scan_1", "scan_1"]);
    });

    it("does not scan when no gated policy applies", async () => {
      await h().client.createPolicy({ caller: ws, policy: { name: "Plain", outcome: PolicyOutcome.APPROVE } });
      await h().client.createCheckpoint({ caller: ws, action: "db.export" });
      expect(scans).toEqual([]);
    });

    it("fails closed: a scan that fails is a 503 UNAVAILABLE and stores nothing", async () => {
      await gatedPolicy();
      for (const fault of [new ConnectError("secure is down", Code.Unavailable), new ConnectError("boom", Code.Internal)]) {
        answer = () => Promise.reject(fault);
        expect(await rpcError(h().client.createCheckpoint({ caller: ws, action: "db.export" }))).toMatchObject({ code: "UNAVAILABLE" });
      }
      expect((await h().client.listCheckpoints({ caller: ws })).checkpoints).toEqual([]);
    });

    it("blocks on the scan's block verdict and records the masked findings", async () => {
      await gatedPolicy();
      answer = async () =>
        create(ScanResponseSchema, {
          scanId: "scan_2",
          verdict: Verdict.BLOCK,
          ruleSetVersion: "rsv_2",
          matches: [{ ruleId: "r1", ruleName: "Drops", action: RuleAction.BLOCK, findings: [{ kind: "custom_pattern", label: "custom_patterns[0]", start: 10, end: 20, excerpt: "DR…LE" }] }],
        });
      const res = await h().client.createCheckpoint({ caller: ws, action: "db.export", reasoning: "then DROP TABLE x" });
      expect(res.checkpoint).toMatchObject({ status: CheckpointStatus.BLOCKED, decisionToken: expect.any(String) });
      const scan = res.checkpoint!.evals[0]!.scan!;
      expect(scan).toMatchObject({ verdict: "block", ruleSetVersion: "rsv_2", matches: [{ ruleName: "Drops", action: "block" }] });
      // Offset 10 of "{}\n\nthen DROP TABLE x" lies in the reasoning, at 6.
      expect(scan.matches[0]!.findings[0]).toMatchObject({ part: "reasoning", start: 6, end: 16 });
      const claims = await h().verify(res.checkpoint!.decisionToken!, "ws_a", res.checkpoint!.id);
      expect(claims.scan).toEqual({ verdict: "block", scan_id: "scan_2", rule_set_version: "rsv_2" });
    });
  },
);

