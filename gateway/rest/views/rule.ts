import type { MessageInitShape } from "@bufbuild/protobuf";
import {
  DataDirectionSchema,
  DetectionSensitivitySchema,
  type Rule,
  RuleActionSchema,
  type RuleSpecSchema,
  RuleStatusSchema,
  RuleTypeSchema,
  SeveritySchema,
} from "../../../gen/gatehouse/secure/v1/secure_pb.js";
import { enumValue, wireName } from "../../../lib/enum-wire.js";
import type { CreateRuleBody, RuleObject, UpdateRuleBody } from "../schemas/rule.js";
import { iso, isoOrNull } from "./time.js";

/** The REST rule object of a rule. */
export function ruleView(r: Rule): RuleObject {
  return {
    id: r.id,
    name: r.name,
    description: r.description ?? null,
    type: wireName(RuleTypeSchema, r.type)!,
    action: wireName(RuleActionSchema, r.action)!,
    severity: wireName(SeveritySchema, r.severity)!,
    status: wireName(RuleStatusSchema, r.status)!,
    is_built_in: r.isBuiltIn,
    applies_to_all: r.appliesToAll,
    agent_ids: r.agentIds,
    data_direction: wireName(DataDirectionSchema, r.dataDirection),
    custom_patterns: r.customPatterns,
    tool_names: r.toolNames,
    data_categories: r.dataCategories,
    data_descriptions: r.dataDescriptions,
    dsl_statements: r.dslStatements,
    pattern_library_ids: r.patternLibraryIds,
    detection_sensitivity: wireName(DetectionSensitivitySchema, r.detectionSensitivity) ?? "medium",
    trigger_count: Number(r.triggerCount),
    last_triggered_at: isoOrNull(r.lastTriggeredAt),
    version: r.version,
    created_at: iso(r.createdAt),
    updated_at: iso(r.updatedAt),
  };
}

const orZero = (desc: Parameters<typeof enumValue>[0], v: string | null | undefined) =>
  v == null ? 0 : (enumValue(desc, v) ?? 0);

/**
 * The RuleSpec of a create or PATCH body. Absent and null fields stay unset;
 * a PATCH names what it changes through its update mask, not through this.
 */
export function ruleSpecOf(body: CreateRuleBody | UpdateRuleBody): MessageInitShape<typeof RuleSpecSchema> {
  return {
    name: body.name ?? "",
    description: body.description ?? undefined,
    type: orZero(RuleTypeSchema, body.type),
    action: orZero(RuleActionSchema, body.action),
    severity: orZero(SeveritySchema, body.severity),
    status: orZero(RuleStatusSchema, body.status),
    appliesToAll: body.applies_to_all,
    agentIds: body.agent_ids ?? [],
    dataDirection: orZero(DataDirectionSchema, body.data_direction),
    customPatterns: body.custom_patterns ?? [],
    toolNames: body.tool_names ?? [],
    dataCategories: body.data_categories ?? [],
    dataDescriptions: body.data_descriptions ?? [],
    dslStatements: body.dsl_statements ?? [],
    patternLibraryIds: body.pattern_library_ids ?? [],
    detectionSensitivity: orZero(DetectionSensitivitySchema, body.detection_sensitivity),
  };
}
