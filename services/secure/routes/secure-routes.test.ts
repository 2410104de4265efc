import type { MessageInitShape } from "@bufbuild/protobuf";
import { rpcError } from "../../../test/support/rpc-error.js";
import { timestampMs } from "@bufbuild/protobuf/wkt";
import { Code, createClient, type Client } from "@connectrpc/connect";
import { RPC_PATHS, transportOver } from "../../../test/support/rpc-paths.js";
import { beforeEach, describe, expect, it } from "vitest";
import {
  DataDirection,
  RuleAction,
  type RuleSpecSchema,
  RuleStatus,
  RuleType,
  SecureService,
  Severity,
  type Rule,
} from "../../../gen/gatehouse/secure/v1/secure_pb.js";
import { ManualClock } from "../../../lib/clock.js";
import { silentLogger } from "../../../lib/logger.js";
import { storeEngines } from "../../../test/support/store-engines.js";
import { composeSecure } from "../compose.js";

const WS_A = { workspaceId: "ws_a", keyId: "key_a", subject: "alice" };
const WS_B = { workspaceId: "ws_b", keyId: "key_b", subject: "bob" };
const BUILT_IN_IDS = ["rule_builtin_prompt_injection", "rule_builtin_secrets", "rule_builtin_pii"];

type SpecInit = MessageInitShape<typeof RuleSpecSchema>;


for (const [engine, path] of storeEngines().flatMap((e) => RPC_PATHS.map((p) => [e, p] as const))) {
  describe(`SecureService rules RPCs on ${engine.name} via ${path}`, () => {
    const backend = engine.useBackend();
    let clock: ManualClock;
    let client: Client<typeof SecureService>;

    beforeEach(async () => {
      clock = new ManualClock();
      const component = await composeSecure({ backend: backend(), logger: silentLogger(), clock });
      const transport = transportOver(path, component.routes);
      client = createClient(SecureService, transport);
    });

    async function createRule(rule: SpecInit, caller = WS_A): Promise<Rule> {
      const res = await client.createRule({ caller, rule });
      return res.rule!;
    }

    async function updateRule(
      id: string,
      paths: string[],
      rule: SpecInit = {},
      extra: { expectedVersion?: number; caller?: typeof WS_A } = {},
    ): Promise<Rule> {
      const res = await client.updateRule({
        caller: extra.caller ?? WS_A,
        id,
        rule,
        updateMask: { paths },
        expectedVersion: extra.expectedVersion,
      });
      return res.rule!;
    }

    describe("CreateRule", () => {
      it("needs only name and type and applies the defaults", async () => {
        const rule = await createRule({ name: "Acme secrets", type: RuleType.DATA_PATTERN });
        expect(rule.id).toMatch(/^rule_[0-9a-z]{26}$/);
        expect(rule).toMatchObject({
          workspaceId: "ws_a",
          name: "Acme secrets",
          type: RuleType.DATA_PATTERN,
          action: RuleAction.FLAG,
          severity: Severity.MEDIUM,
          status: RuleStatus.DRAFT,
          appliesToAll: true,
          isBuiltIn: false,
          dataDirection: DataDirection.UNSPECIFIED,
          customPatterns: [],
          triggerCount: 0n,
          version: 1,
        });
        expect(rule.description).toBeUndefined();
        expect(rule.lastTriggeredAt).toBeUndefined();
        expect(timestampMs(rule.createdAt!)).toBe(clock.now());
        expect(timestampMs(rule.updatedAt!)).toBe(clock.now());
      });

      it("stores what was sent and returns it, list fields and data_direction included", async () => {
        const rule = await createRule({
          name: "  Outbound PII  ",
          description: "no personal data leaves",
          type: RuleType.DATA_PATTERN,
          action: RuleAction.BLOCK,
          severity: Severity.CRITICAL,
          status: RuleStatus.ACTIVE,
          appliesToAll: false,
          agentIds: ["agent_1"],
          dataDirection: DataDirection.OUTBOUND,
          customPatterns: ["project falcon", "/\\bEMP-[0-9]{6}\\b/i"],
          dataCategories: ["email", "iban"],
          dataDescriptions: ["salary figures"],
          patternLibraryIds: ["pii"],
        });
        expect(rule).toMatchObject({
          name: "Outbound PII",
          description: "no personal data leaves",
          action: RuleAction.BLOCK,
          severity: Severity.CRITICAL,
          status: RuleStatus.ACTIVE,
          appliesToAll: false,
          agentIds: ["agent_1"],
          dataDirection: DataDirection.OUTBOUND,
          customPatterns: ["project falcon", "/\\bEMP-[0-9]{6}\\b/i"],
          dataCategories: ["email", "iban"],
          dataDescriptions: ["salary figures"],
          patternLibraryIds: ["pii"],
        });
        const got = await client.getRule({ caller: WS_A, id: rule.id });
        expect(got.rule).toEqual(rule);
      });

      it("gives every rule its own ID", async () => {
        const a = await createRule({ name: "a", type: RuleType.TOOL_CALL });
        const b = await createRule({ name: "b", type: RuleType.TOOL_CALL });
        expect(a.id).not.toBe(b.id);
      });

      it("requires name and type", async () => {
        expect(await rpcError(createRule({ type: RuleType.TOOL_CALL }))).toMatchObject({ code: "VALIDATION_ERROR", field: "name" });
        expect(await rpcError(createRule({ name: "   ", type: RuleType.TOOL_CALL }))).toMatchObject({ field: "name" });
        expect(await rpcError(createRule({ name: "x" }))).toMatchObject({ code: "VALIDATION_ERROR", field: "type" });
        expect(await rpcError(client.createRule({ caller: WS_A }))).toMatchObject({ field: "name" });
      });

      it("answers InvalidArgument with the stable code in the details", async () => {
        const f = await rpcError(createRule({ name: "x".repeat(201), type: RuleType.TOOL_CALL }));
        expect(f).toMatchObject({ code: "VALIDATION_ERROR", field: "name", connect: Code.InvalidArgument });
        expect(f.message).toMatch(/^name: /);
      });

      it("names the pattern RE2 cannot compile", async () => {
        const lookahead = await rpcError(
          createRule({ name: "r", type: RuleType.PROMPT_PATTERN, customPatterns: ["ok", "/ignore(?= previous)/"] }),
        );
        expect(lookahead).toMatchObject({ code: "VALIDATION_ERROR", field: "custom_patterns[1]" });
        expect(lookahead.message).toMatch(/^custom_patterns\[1\]: /);
        const backref = await rpcError(createRule({ name: "r", type: RuleType.PROMPT_PATTERN, customPatterns: ["/(a)\\1/"] }));
        expect(backref.field).toBe("custom_patterns[0]");
        const flag = await rpcError(createRule({ name: "r", type: RuleType.PROMPT_PATTERN, customPatterns: ["/x/g"] }));
        expect(flag.field).toBe("custom_patterns[0]");
      });

      it("refuses unknown categories and libraries, and DSL that does not compile", async () => {
        expect(await rpcError(createRule({ name: "r", type: RuleType.DATA_PATTERN, dataCategories: ["email", "dna"] }))).toMatchObject({
          field: "data_categories[1]",
        });
        expect(await rpcError(createRule({ name: "r", type: RuleType.DATA_PATTERN, patternLibraryIds: ["pci"] }))).toMatchObject({
          field: "pattern_library_ids[0]",
        });
        expect(
          await rpcError(createRule({ name: "r", type: RuleType.POLICY_DSL, dslStatements: ['detect("email")', "content =="] })),
        ).toMatchObject({ field: "dsl_statements[1]" });
      });

      it("refuses blank list items", async () => {
        expect(await rpcError(createRule({ name: "r", type: RuleType.TOOL_CALL, toolNames: ["shell_*", " "] }))).toMatchObject({
          field: "tool_names[1]",
        });
      });

      it("saves a draft with nothing to inspect, but an active rule needs what its type inspects", async () => {
        for (const type of [RuleType.PROMPT_PATTERN, RuleType.DATA_PATTERN, RuleType.TOOL_CALL, RuleType.POLICY_DSL]) {
          expect((await createRule({ name: "draft", type })).status).toBe(RuleStatus.DRAFT);
        }
        const active = { name: "r", status: RuleStatus.ACTIVE };
        expect(await rpcError(createRule({ ...active, type: RuleType.PROMPT_PATTERN }))).toMatchObject({ field: "custom_patterns" });
        expect(await rpcError(createRule({ ...active, type: RuleType.DATA_PATTERN }))).toMatchObject({ field: "custom_patterns" });
        expect(await rpcError(createRule({ ...active, type: RuleType.TOOL_CALL }))).toMatchObject({ field: "tool_names" });
        expect(await rpcError(createRule({ ...active, type: RuleType.POLICY_DSL }))).toMatchObject({ field: "dsl_statements" });
        await createRule({ ...active, type: RuleType.PROMPT_PATTERN, patternLibraryIds: ["prompt_injection"] });
        await createRule({ ...active, type: RuleType.DATA_PATTERN, dataDescriptions: ["customer lists"] });
        await createRule({ ...active, type: RuleType.TOOL_CALL, toolNames: ["shell_*"] });
        await createRule({ ...active, type: RuleType.POLICY_DSL, dslStatements: ['detect("jwt")'] });
      });

      it("requires agent_ids when the rule does not apply to all agents", async () => {
        expect(await rpcError(createRule({ name: "r", type: RuleType.TOOL_CALL, appliesToAll: false }))).toMatchObject({
          field: "agent_ids",
        });
      });

      it("refuses an enum value the contract does not define", async () => {
        expect(await rpcError(createRule({ name: "r", type: 42 as RuleType }))).toMatchObject({ field: "type" });
      });

      it("stores nothing when the request is refused", async () => {
        await rpcError(createRule({ name: "r", type: RuleType.PROMPT_PATTERN, customPatterns: ["/(?!x)/"] }));
        const { rules } = await client.listRules({ caller: WS_A });
        expect(rules.map((r) => r.id)).toEqual(BUILT_IN_IDS);
      });

      it("requires the caller's workspace", async () => {
        expect(await rpcError(client.createRule({ rule: { name: "r", type: RuleType.TOOL_CALL } }))).toMatchObject({
          code: "VALIDATION_ERROR",
          field: "caller.workspace_id",
        });
      });
    });

    describe("GetRule", () => {
      it("returns a rule of the caller's workspace", async () => {
        const rule = await createRule({ name: "r", type: RuleType.TOOL_CALL });
        expect((await client.getRule({ caller: WS_A, id: rule.id })).rule?.name).toBe("r");
      });

      it("answers NOT_FOUND for an unknown ID and for another workspace's rule", async () => {
        const rule = await createRule({ name: "r", type: RuleType.TOOL_CALL });
        expect(await rpcError(client.getRule({ caller: WS_A, id: "rule_nope" }))).toMatchObject({
          code: "NOT_FOUND",
          connect: Code.NotFound,
        });
        expect(await rpcError(client.getRule({ caller: WS_B, id: rule.id }))).toMatchObject({ code: "NOT_FOUND" });
      });

      it("returns the workspace's copy of a built-in rule", async () => {
        const { rule } = await client.getRule({ caller: WS_B, id: "rule_builtin_secrets" });
        expect(rule).toMatchObject({ workspaceId: "ws_b", isBuiltIn: true, severity: Severity.CRITICAL, version: 1 });
      });
    });

    describe("ListRules", () => {
      it("lists the built-in rules in every workspace, active, flagging, for all agents", async () => {
        const { rules } = await client.listRules({ caller: WS_A });
        expect(rules.map((r) => r.id)).toEqual(BUILT_IN_IDS);
        for (const r of rules) {
          expect(r).toMatchObject({
            isBuiltIn: true,
            status: RuleStatus.ACTIVE,
            action: RuleAction.FLAG,
            appliesToAll: true,
            version: 1,
            triggerCount: 0n,
          });
        }
        expect(rules.map((r) => [r.type, r.severity, r.patternLibraryIds])).toEqual([
          [RuleType.PROMPT_PATTERN, Severity.HIGH, ["prompt_injection"]],
          [RuleType.DATA_PATTERN, Severity.CRITICAL, ["secrets"]],
          [RuleType.DATA_PATTERN, Severity.MEDIUM, ["pii"]],
        ]);
        expect((await client.listRules({ caller: WS_B })).rules.map((r) => r.id)).toEqual(BUILT_IN_IDS);
      });

      it("lists built-ins first, then the workspace's own rules in creation order", async () => {
        const c = await createRule({ name: "c", type: RuleType.TOOL_CALL });
        const a = await createRule({ name: "a", type: RuleType.TOOL_CALL });
        const b = await createRule({ name: "b", type: RuleType.TOOL_CALL });
        await createRule({ name: "theirs", type: RuleType.TOOL_CALL }, WS_B);
        const { rules } = await client.listRules({ caller: WS_A });
        expect(rules.map((r) => r.id)).toEqual([...BUILT_IN_IDS, c.id, a.id, b.id]);
      });

      it("filters by status and type", async () => {
        const draftDsl = await createRule({ name: "d", type: RuleType.POLICY_DSL });
        const activeTool = await createRule({ name: "t", type: RuleType.TOOL_CALL, status: RuleStatus.ACTIVE, toolNames: ["x"] });
        const archived = await createRule({ name: "a", type: RuleType.DATA_PATTERN, status: RuleStatus.ARCHIVED });
        const ids = async (status: RuleStatus, type: RuleType) =>
          (await client.listRules({ caller: WS_A, status, type })).rules.map((r) => r.id);
        expect(await ids(RuleStatus.DRAFT, RuleType.UNSPECIFIED)).toEqual([draftDsl.id]);
        expect(await ids(RuleStatus.ARCHIVED, RuleType.UNSPECIFIED)).toEqual([archived.id]);
        expect(await ids(RuleStatus.ACTIVE, RuleType.UNSPECIFIED)).toEqual([...BUILT_IN_IDS, activeTool.id]);
        expect(await ids(RuleStatus.UNSPECIFIED, RuleType.DATA_PATTERN)).toEqual([
          "rule_builtin_secrets",
          "rule_builtin_pii",
          archived.id,
        ]);
        expect(await ids(RuleStatus.ACTIVE, RuleType.TOOL_CALL)).toEqual([activeTool.id]);
        expect(await ids(RuleStatus.DRAFT, RuleType.TOOL_CALL)).toEqual([]);
      });
    });

    describe("ListLibraries", () => {
      it("lists the pattern libraries and their data categories", async () => {
        const res = await client.listLibraries({ caller: WS_A });
        expect(res.libraries.map((l) => l.id)).toEqual(["pii", "secrets", "prompt_injection"]);
        expect(res.libraries[0]?.categoryIds).toEqual(["email", "phone", "credit_card", "us_ssn", "iban", "ip_address", "uk_nino", "uk_nhs_number", "ca_sin", "in_aadhaar", "es_dni", "de_tax_id", "fr_nir"]);
        const categories = new Map(res.categories.map((c) => [c.id, c]));
        expect(res.categories).toHaveLength(13 + 14 + 6);
        expect(categories.get("anthropic_api_key")).toMatchObject({ libraryId: "secrets", defaultSeverity: Severity.CRITICAL });
        expect(categories.get("hidden_unicode")?.libraryId).toBe("prompt_injection");
        expect(categories.get("injection_classifier")?.libraryId).toBe("prompt_injection");
        for (const c of res.categories) {
          expect(c.name).not.toBe("");
          expect(c.description).not.toBe("");
          expect(c.defaultSeverity).not.toBe(Severity.UNSPECIFIED);
        }
      });
    });

    describe("UpdateRule", () => {
      async function aRule(): Promise<Rule> {
        return createRule({
          name: "Secrets",
          description: "company keys",
          type: RuleType.DATA_PATTERN,
          action: RuleAction.BLOCK,
          severity: Severity.HIGH,
          status: RuleStatus.ACTIVE,
          dataDirection: DataDirection.OUTBOUND,
          customPatterns: ["acme_", "/tok_[0-9]{8}/"],
          dataCategories: ["jwt"],
          toolNames: ["fs.*"],
        });
      }

      it("changes only the masked fields, bumps version and updated_at", async () => {
        const before = await aRule();
        clock.advance(5000);
        const after = await updateRule(before.id, ["severity"], {
          name: "not masked",
          severity: Severity.LOW,
          customPatterns: ["not masked"],
        });
        expect(after).toEqual({
          ...before,
          severity: Severity.LOW,
          version: 2,
          updatedAt: after.updatedAt,
        });
        expect(timestampMs(after.updatedAt!)).toBe(timestampMs(before.updatedAt!) + 5000);
        expect(after.createdAt).toEqual(before.createdAt);
        expect((await client.getRule({ caller: WS_A, id: before.id })).rule).toEqual(after);
      });

      it("replaces a masked list whole, and an empty one clears it", async () => {
        const before = await aRule();
        const replaced = await updateRule(before.id, ["custom_patterns"], { customPatterns: ["beta"] });
        expect(replaced.customPatterns).toEqual(["beta"]);
        expect(replaced.dataCategories).toEqual(["jwt"]);
        const cleared = await updateRule(before.id, ["custom_patterns", "tool_names"], {});
        expect(cleared.customPatterns).toEqual([]);
        expect(cleared.toolNames).toEqual([]);
        expect(cleared.version).toBe(3);
      });

      it("clears description and data_direction when they are masked but unset", async () => {
        const before = await aRule();
        const after = await updateRule(before.id, ["description", "data_direction"], {});
        expect(after.description).toBeUndefined();
        expect(after.dataDirection).toBe(DataDirection.UNSPECIFIED);
        const again = await updateRule(before.id, ["description"], { description: "back" });
        expect(again.description).toBe("back");
      });

      it("refuses a masked type, action, severity or status left unspecified", async () => {
        const rule = await aRule();
        for (const [path, field] of [
          ["type", "type"],
          ["action", "action"],
          ["severity", "severity"],
          ["status", "status"],
          ["applies_to_all", "applies_to_all"],
          ["name", "name"],
        ]) {
          expect(await rpcError(updateRule(rule.id, [path!], {}))).toMatchObject({ code: "VALIDATION_ERROR", field });
        }
        expect((await client.getRule({ caller: WS_A, id: rule.id })).rule?.version).toBe(1);
      });

      it("refuses an empty mask and an unknown mask path", async () => {
        const rule = await aRule();
        const empty = await rpcError(updateRule(rule.id, [], { name: "x" }));
        expect(empty).toMatchObject({ code: "VALIDATION_ERROR" });
        expect(empty.message).toMatch(/at least one field/);
        expect(await rpcError(updateRule(rule.id, ["version"], {}))).toMatchObject({ field: "update_mask" });
        expect(await rpcError(updateRule(rule.id, ["customPatterns"], {}))).toMatchObject({ field: "update_mask" });
        expect(await rpcError(updateRule(rule.id, ["constructor"], {}))).toMatchObject({ field: "update_mask" });
        expect((await client.getRule({ caller: WS_A, id: rule.id })).rule?.version).toBe(1);
      });

      it("validates the resulting rule as a whole", async () => {
        const rule = await aRule();
        expect(await rpcError(updateRule(rule.id, ["custom_patterns", "data_categories"], {}))).toMatchObject({
          field: "custom_patterns",
        });
        expect(await rpcError(updateRule(rule.id, ["custom_patterns"], { customPatterns: ["x", "/a(?=b)/"] }))).toMatchObject({
          field: "custom_patterns[1]",
        });
        expect(await rpcError(updateRule(rule.id, ["applies_to_all"], { appliesToAll: false }))).toMatchObject({
          field: "agent_ids",
        });
        const scoped = await updateRule(rule.id, ["applies_to_all", "agent_ids"], { appliesToAll: false, agentIds: ["agent_7"] });
        expect(scoped).toMatchObject({ appliesToAll: false, agentIds: ["agent_7"], version: 2 });
      });

      it("activates a draft only once it has what its type inspects", async () => {
        const draft = await createRule({ name: "tools", type: RuleType.TOOL_CALL });
        expect(await rpcError(updateRule(draft.id, ["status"], { status: RuleStatus.ACTIVE }))).toMatchObject({
          field: "tool_names",
        });
        const active = await updateRule(draft.id, ["status", "tool_names"], { status: RuleStatus.ACTIVE, toolNames: ["shell_*"] });
        expect(active).toMatchObject({ status: RuleStatus.ACTIVE, version: 2 });
      });

      it("moves status freely among draft, active and archived", async () => {
        const rule = await aRule();
        expect((await updateRule(rule.id, ["status"], { status: RuleStatus.ARCHIVED })).status).toBe(RuleStatus.ARCHIVED);
        expect((await updateRule(rule.id, ["status"], { status: RuleStatus.DRAFT })).status).toBe(RuleStatus.DRAFT);
        const back = await updateRule(rule.id, ["status"], { status: RuleStatus.ACTIVE });
        expect(back).toMatchObject({ status: RuleStatus.ACTIVE, version: 4 });
      });

      it("applies when expected_version matches and answers VERSION_MISMATCH otherwise", async () => {
        const rule = await aRule();
        expect((await updateRule(rule.id, ["name"], { name: "v2" }, { expectedVersion: 1 })).version).toBe(2);
        const stale = await rpcError(updateRule(rule.id, ["name"], { name: "stale" }, { expectedVersion: 1 }));
        expect(stale).toMatchObject({ code: "VERSION_MISMATCH", connect: Code.Aborted });
        expect((await client.getRule({ caller: WS_A, id: rule.id })).rule).toMatchObject({ name: "v2", version: 2 });
      });

      it("refuses every update of a built-in rule with BUILT_IN_RULE_IMMUTABLE, before looking at the fields", async () => {
        for (const paths of [["severity"], ["status"], [], ["nonsense"]]) {
          const f = await rpcError(updateRule("rule_builtin_pii", paths, { severity: Severity.LOW, status: RuleStatus.ARCHIVED }));
          expect(f).toMatchObject({ code: "BUILT_IN_RULE_IMMUTABLE", connect: Code.FailedPrecondition });
        }
        const { rule } = await client.getRule({ caller: WS_A, id: "rule_builtin_pii" });
        expect(rule).toMatchObject({ severity: Severity.MEDIUM, status: RuleStatus.ACTIVE, version: 1 });
      });

      it("answers NOT_FOUND for an unknown ID and for another workspace's rule, changing nothing", async () => {
        const rule = await aRule();
        expect(await rpcError(updateRule("rule_nope", ["name"], { name: "x" }))).toMatchObject({ code: "NOT_FOUND" });
        expect(await rpcError(updateRule(rule.id, ["name"], { name: "x" }, { caller: WS_B }))).toMatchObject({ code: "NOT_FOUND" });
        expect((await client.getRule({ caller: WS_A, id: rule.id })).rule).toMatchObject({ name: "Secrets", version: 1 });
      });

      it("loses no concurrent update when no expected_version is given", async () => {
        const rule = await aRule();
        const n = 8;
        await Promise.all(
          Array.from({ length: n }, (_, i) =>
            i % 2 === 0
              ? updateRule(rule.id, ["description"], { description: `d${i}` })
              : updateRule(rule.id, ["data_descriptions"], { dataDescriptions: [`dd${i}`] }),
          ),
        );
        const { rule: final } = await client.getRule({ caller: WS_A, id: rule.id });
        expect(final?.version).toBe(1 + n);
      });

      it("lets exactly one of concurrent updates with the same expected_version win", async () => {
        const rule = await aRule();
        const results = await Promise.allSettled(
          Array.from({ length: 6 }, (_, i) => updateRule(rule.id, ["name"], { name: `w${i}` }, { expectedVersion: 1 })),
        );
        const won = results.filter((r) => r.status === "fulfilled");
        expect(won).toHaveLength(1);
        for (const r of results) {
          if (r.status === "rejected") expect((await rpcError(Promise.reject(r.reason))).code).toBe("VERSION_MISMATCH");
        }
        expect((await client.getRule({ caller: WS_A, id: rule.id })).rule?.version).toBe(2);
      });

      it("ignores values of fields the mask does not name", async () => {
        const rule = await aRule();
        const after = await updateRule(rule.id, ["name"], { name: "renamed", type: 42 as RuleType, customPatterns: ["/(?=x)/"] });
        expect(after).toMatchObject({ name: "renamed", type: RuleType.DATA_PATTERN, customPatterns: rule.customPatterns });
      });

      it("does not count as a trigger: trigger_count stays", async () => {
        const rule = await aRule();
        expect((await updateRule(rule.id, ["name"], { name: "n" })).triggerCount).toBe(0n);
      });
    });
  });
}
