import { Code, createClient, type Client } from "@connectrpc/connect";
import { beforeEach, describe, expect, it } from "vitest";
import { RuleAction, RuleStatus, RuleType, ScanType, SecureService, Verdict } from "../../../gen/gatehouse/secure/v1/secure_pb.js";
import { ManualClock } from "../../../lib/clock.js";
import { silentLogger } from "../../../lib/logger.js";
import { rpcError } from "../../../test/support/rpc-error.js";
import { RPC_PATHS, transportOver } from "../../../test/support/rpc-paths.js";
import { composeSecure } from "../compose.js";
import { storeEngines } from "../../../test/support/store-engines.js";

const WS_A = { workspaceId: "ws_a", keyId: "key_a", subject: "alice" };
const WS_B = { workspaceId: "ws_b", keyId: "key_b", subject: "bob" };

for (const [engine, path] of storeEngines().flatMap((e) => RPC_PATHS.map((p) => [e, p] as const))) {
  describe(`SecureService.TryRule on ${engine.name} via ${path}`, () => {
    const backend = engine.useBackend();
    let client: Client<typeof SecureService>;

    beforeEach(async () => {
      const component = await composeSecure({ backend: backend(), logger: silentLogger(), clock: new ManualClock() });
      client = createClient(SecureService, transportOver(path, component.routes));
    });

    async function draft(patterns: string[], extra: Record<string, unknown> = {}) {
      const res = await client.createRule({
        caller: WS_A,
        rule: { name: "order ids", type: RuleType.DATA_PATTERN, action: RuleAction.BLOCK, customPatterns: patterns, ...extra },
      });
      return res.rule!;
    }

    it("runs a draft on sample text with its findings, leaving the workspace's scans and the rule's counts alone", async () => {
      const rule = await draft(["/ORD-\\d{6}/"], { appliesToAll: false, agentIds: ["agent_x"] });
      expect(rule.status).toBe(RuleStatus.DRAFT);
      const content = "refund ORD-123456 today";
      const { result } = await client.tryRule({ caller: WS_A, id: rule.id, content });
      expect(result!.verdict).toBe(Verdict.BLOCK);
      expect(result!.matches).toHaveLength(1);
      const finding = result!.matches[0]!.findings[0]!;
      expect(content.slice(finding.start, finding.end)).toBe("ORD-123456");
      expect(result!.matches[0]!.ruleId).toBe(rule.id);

      // The draft still affects no scan, and the trial counted nothing.
      const scan = await client.scan({ caller: WS_A, content });
      expect(scan.matches.map((m) => m.ruleId)).not.toContain(rule.id);
      const after = (await client.getRule({ caller: WS_A, id: rule.id })).rule!;
      expect(Number(after.triggerCount)).toBe(0);
      expect(after.version).toBe(rule.version);
    });

    it("answers allow when the rule finds nothing, and validates like a scan", async () => {
      const rule = await draft(["forbidden phrase"]);
      const { result } = await client.tryRule({ caller: WS_A, id: rule.id, content: "all fine here" });
      expect(result!.verdict).toBe(Verdict.ALLOW);
      expect(result!.matches).toEqual([]);
      const empty = await rpcError(client.tryRule({ caller: WS_A, id: rule.id, content: "" }));
      expect(empty.code).toBe("VALIDATION_ERROR");
      const tool = await rpcError(client.tryRule({ caller: WS_A, id: rule.id, content: "x", scanType: ScanType.TOOL_CALL }));
      expect(tool.code).toBe("VALIDATION_ERROR");
    });

    it("does not find another workspace's rule", async () => {
      const rule = await draft(["x"]);
      const err = await rpcError(client.tryRule({ caller: WS_B, id: rule.id, content: "x" }));
      expect(err.code).toBe("NOT_FOUND");
      expect(err.connect).toBe(Code.NotFound);
    });
  });
}
