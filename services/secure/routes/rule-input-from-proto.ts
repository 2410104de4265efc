import { create } from "@bufbuild/protobuf";
import {
  DataDirectionSchema,
  DetectionSensitivitySchema,
  RuleActionSchema,
  RuleSpecSchema,
  RuleStatusSchema,
  RuleTypeSchema,
  SeveritySchema,
  type RuleSpec as RuleSpecMessage,
} from "../../../gen/gatehouse/secure/v1/secure_pb.js";
import { ValidationError } from "../../../lib/errors.js";
import type { DataDirection, DetectionSensitivity, RuleAction, RuleSpec, RuleStatus, RuleType, Severity } from "../domain/rule.js";
import type { RuleInput } from "../domain/rule-input.js";
import { wireEnum } from "./wire-enum.js";

// Update-mask paths are RuleSpec field names in snake_case.
const FIELD_OF_PATH: Readonly<Record<string, keyof RuleSpec>> = {
  name: "name",
  description: "description",
  type: "type",
  action: "action",
  severity: "severity",
  status: "status",
  applies_to_all: "appliesToAll",
  agent_ids: "agentIds",
  data_direction: "dataDirection",
  custom_patterns: "customPatterns",
  tool_names: "toolNames",
  data_categories: "dataCategories",
  data_descriptions: "dataDescriptions",
  dsl_statements: "dslStatements",
  pattern_library_ids: "patternLibraryIds",
  detection_sensitivity: "detectionSensitivity",
};

/**
 * Every field of a create request's spec as the domain sees it: an UNSPECIFIED
 * enum or unset optional is null, for which the domain applies its default.
 */
export function createInputFromProto(spec: RuleSpecMessage | undefined): RuleInput {
  return spec ? fullInput(spec) : {};
}

/**
 * The fields an update names in its mask, with their new values: an unset
 * `description` or UNSPECIFIED `data_direction` is null (cleared); an
 * UNSPECIFIED type, action, severity or status and an unset `applies_to_all`
 * are null too, which the domain refuses. Unknown paths are a validation error.
 */
export function patchInputFromProto(paths: readonly string[], spec: RuleSpecMessage | undefined): RuleInput {
  const fields = paths.map((path) => {
    // Own keys only, so a path such as "constructor" is unknown rather than inherited.
    const field = Object.hasOwn(FIELD_OF_PATH, path) ? FIELD_OF_PATH[path] : undefined;
    if (!field) throw new ValidationError("update_mask", `unknown field ${JSON.stringify(path)}`);
    return field;
  });
  const source = spec ?? create(RuleSpecSchema);
  const patch: Record<string, unknown> = {};
  // Only masked fields are read, so a stray value in an unmasked field is ignored, never refused.
  for (const field of fields) patch[field] = READ[field](source);
  return patch as RuleInput;
}

// How each field is read from the message, proto's "absent" (unset, UNSPECIFIED) as null.
const READ: { [K in keyof RuleSpec]: (spec: RuleSpecMessage) => RuleInput[K] } = {
  name: (s) => s.name,
  description: (s) => s.description ?? null,
  type: (s) => wireEnum<RuleType>(RuleTypeSchema, s.type, "type"),
  action: (s) => wireEnum<RuleAction>(RuleActionSchema, s.action, "action"),
  severity: (s) => wireEnum<Severity>(SeveritySchema, s.severity, "severity"),
  status: (s) => wireEnum<RuleStatus>(RuleStatusSchema, s.status, "status"),
  appliesToAll: (s) => s.appliesToAll ?? null,
  agentIds: (s) => s.agentIds,
  dataDirection: (s) => wireEnum<DataDirection>(DataDirectionSchema, s.dataDirection, "data_direction"),
  customPatterns: (s) => s.customPatterns,
  toolNames: (s) => s.toolNames,
  dataCategories: (s) => s.dataCategories,
  dataDescriptions: (s) => s.dataDescriptions,
  dslStatements: (s) => s.dslStatements,
  patternLibraryIds: (s) => s.patternLibraryIds,
  detectionSensitivity: (s) => wireEnum<DetectionSensitivity>(DetectionSensitivitySchema, s.detectionSensitivity, "detection_sensitivity"),
};

function fullInput(spec: RuleSpecMessage): RuleInput {
  const input: Record<string, unknown> = {};
  for (const field of Object.keys(READ) as (keyof RuleSpec)[]) input[field] = READ[field](spec);
  return input as RuleInput;
}
