import { ValidationError } from "../../../lib/errors.js";
import { enumValue } from "../../../lib/enum-wire.js";
import type { JsonObject } from "@bufbuild/protobuf";
import { RuleStatusSchema, RuleTypeSchema, ScanTypeSchema } from "../../../gen/gatehouse/secure/v1/secure_pb.js";
import { route } from "../route.js";
import { IdParams } from "../schemas/common.js";
import {
  CreateRuleBody,
  ListRulesQuery,
  RuleListResponse,
  RuleResponse,
  UpdateRuleBody,
} from "../schemas/rule.js";
import { RuleTestBody, RuleTestResponse, ScanResponse, TryRuleBody } from "../schemas/scan.js";
import { ruleSpecOf, ruleView } from "../views/rule.js";
import { ruleTestView, scanVerdictView } from "../views/scan-verdict.js";
import type { RouteDeps } from "./deps.js";

/** Parses `If-Match: "<version>"` (quotes optional, weak tags refused). */
export function parseIfMatch(header: string | string[] | undefined): number | undefined {
  if (header === undefined) return undefined;
  const value = Array.isArray(header) ? header[0]! : header;
  const m = /^\s*"?(\d{1,9})"?\s*$/.exec(value);
  if (!m) throw new ValidationError("If-Match", 'must be a rule version, e.g. "3"');
  return Number(m[1]);
}

/** `/v1/secure/rules`: content-safety rules. */
export function ruleRoutes({ clients }: RouteDeps) {
  return [
    route({
      method: "GET",
      url: "/v1/secure/rules",
      operationId: "listRules",
      summary: "List the workspace's rules, built-in ones included",
      tags: ["rules"],
      scope: "secure:rules:read",
      query: ListRulesQuery,
      status: 200,
      response: RuleListResponse,
      async handler({ caller, query }) {
        const res = await clients.secure.listRules({
          caller,
          status: query.status ? enumValue(RuleStatusSchema, query.status) : 0,
          type: query.type ? enumValue(RuleTypeSchema, query.type) : 0,
        });
        return { rules: res.rules.map(ruleView) };
      },
    }),
    route({
      method: "POST",
      url: "/v1/secure/rules",
      operationId: "createRule",
      summary: "Create a rule (draft unless status says otherwise)",
      tags: ["rules"],
      scope: "secure:rules:write",
      body: CreateRuleBody,
      status: 201,
      etag: true,
      response: RuleResponse,
      async handler({ caller, body, response }) {
        const { rule } = await clients.secure.createRule({ caller, rule: ruleSpecOf(body) });
        response.headers["ETag"] = `"${rule!.version}"`;
        return { rule: ruleView(rule!) };
      },
    }),
    route({
      method: "POST",
      url: "/v1/secure/rules/test",
      operationId: "testRule",
      summary: "Rehearse a rule that is not active (a stored one by rule_id, or an unsaved rule body) on sample text: what a scan would answer, nothing counted or stored",
      tags: ["rules"],
      scope: "secure:rules:write",
      body: RuleTestBody,
      status: 200,
      response: RuleTestResponse,
      async handler({ caller, body }) {
        if ((body.rule_id === undefined) === (body.rule === undefined)) {
          throw new ValidationError("rule_id", "send either rule_id or rule (an unsaved rule body), not both");
        }
        const { result } = await clients.secure.testRule({
          caller,
          subject: body.rule ? { case: "rule", value: ruleSpecOf(body.rule) } : { case: "ruleId", value: body.rule_id! },
          content: body.content,
          scanType: body.scan_type ? enumValue(ScanTypeSchema, body.scan_type) : 0,
          toolName: body.tool_name ?? "",
          context: body.context as JsonObject | undefined,
        });
        return ruleTestView(result!);
      },
    }),
    route({
      method: "GET",
      url: "/v1/secure/rules/:id",
      operationId: "getRule",
      summary: "Get one rule",
      tags: ["rules"],
      scope: "secure:rules:read",
      params: IdParams,
      status: 200,
      etag: true,
      response: RuleResponse,
      async handler({ caller, params, response }) {
        const { rule } = await clients.secure.getRule({ caller, id: params.id });
        response.headers["ETag"] = `"${rule!.version}"`;
        return { rule: ruleView(rule!) };
      },
    }),
    route({
      method: "PATCH",
      url: "/v1/secure/rules/:id",
      operationId: "updateRule",
      summary: "Change the sent fields of a rule; sent lists replace the stored ones",
      tags: ["rules"],
      scope: "secure:rules:write",
      params: IdParams,
      body: UpdateRuleBody,
      headers: [{ name: "If-Match", description: 'Apply only if the rule is at this version, e.g. "3" (else 412).' }],
      status: 200,
      etag: true,
      errors: ["BUILT_IN_RULE_IMMUTABLE"],
      response: RuleResponse,
      async handler({ caller, params, body, headers, response }) {
        const expectedVersion = parseIfMatch(headers["if-match"]);
        const paths = Object.keys(body);
        if (paths.length === 0) throw new ValidationError("body", "at least one field must be sent");
        const { rule } = await clients.secure.updateRule({
          caller,
          id: params.id,
          rule: ruleSpecOf(body),
          updateMask: { paths },
          expectedVersion,
        });
        response.headers["ETag"] = `"${rule!.version}"`;
        return { rule: ruleView(rule!) };
      },
    }),
    route({
      method: "POST",
      url: "/v1/secure/rules/:id/try",
      operationId: "tryRule",
      summary: "Try one rule, whatever its status, on sample text: the scan verdict as if it were the only active rule (nothing is counted or stored)",
      tags: ["rules"],
      scope: "secure:rules:write",
      params: IdParams,
      body: TryRuleBody,
      status: 200,
      response: ScanResponse,
      async handler({ caller, params, body }) {
        const { result } = await clients.secure.tryRule({
          caller,
          id: params.id,
          content: body.content,
          scanType: body.scan_type ? enumValue(ScanTypeSchema, body.scan_type) : 0,
          toolName: body.tool_name ?? "",
          context: body.context as JsonObject | undefined,
        });
        return scanVerdictView(result!);
      },
    }),
  ];
}
