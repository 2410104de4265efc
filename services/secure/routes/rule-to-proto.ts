import { create } from "@bufbuild/protobuf";
import { timestampFromMs } from "@bufbuild/protobuf/wkt";
import { enumValue } from "../../../lib/enum-wire.js";
import {
  DataDirectionSchema,
  DetectionSensitivitySchema,
  RuleActionSchema,
  RuleSchema,
  RuleStatusSchema,
  RuleTypeSchema,
  SeveritySchema,
  type Rule as RuleMessage,
} from "../../../gen/gatehouse/secure/v1/secure_pb.js";
import type { Rule } from "../domain/rule.js";

/** The wire form of a stored rule, list fields and `data_direction` included. */
export function ruleToProto(rule: Rule): RuleMessage {
  return create(RuleSchema, {
    id: rule.id,
    workspaceId: rule.workspaceId,
    name: rule.name,
    description: rule.description ?? undefined,
    type: enumValue(RuleTypeSchema, rule.type),
    action: enumValue(RuleActionSchema, rule.action),
    severity: enumValue(SeveritySchema, rule.severity),
    status: enumValue(RuleStatusSchema, rule.status),
    isBuiltIn: rule.isBuiltIn,
    appliesToAll: rule.appliesToAll,
    agentIds: rule.agentIds,
    dataDirection: rule.dataDirection === null ? 0 : enumValue(DataDirectionSchema, rule.dataDirection),
    customPatterns: rule.customPatterns,
    toolNames: rule.toolNames,
    dataCategories: rule.dataCategories,
    dataDescriptions: rule.dataDescriptions,
    dslStatements: rule.dslStatements,
    patternLibraryIds: rule.patternLibraryIds,
    detectionSensitivity: enumValue(DetectionSensitivitySchema, rule.detectionSensitivity),
    triggerCount: BigInt(rule.triggerCount),
    lastTriggeredAt: rule.lastTriggeredAt === null ? undefined : timestampFromMs(rule.lastTriggeredAt),
    version: rule.version,
    createdAt: timestampFromMs(rule.createdAt),
    updatedAt: timestampFromMs(rule.updatedAt),
  });
}
