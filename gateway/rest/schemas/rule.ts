import { z } from "zod";
import {
  DataDirectionSchema,
  DetectionSensitivitySchema,
  RuleActionSchema,
  RuleStatusSchema,
  RuleTypeSchema,
  SeveritySchema,
} from "../../../gen/gatehouse/secure/v1/secure_pb.js";
import { enumOf, Timestamp } from "./common.js";

export const RuleType = enumOf(RuleTypeSchema);
export const RuleAction = enumOf(RuleActionSchema);
export const Severity = enumOf(SeveritySchema);
export const RuleStatus = enumOf(RuleStatusSchema);
export const DataDirection = enumOf(DataDirectionSchema);
export const DetectionSensitivity = enumOf(DetectionSensitivitySchema);

const list = (what: string) => z.array(z.string()).describe(what);

/** The writable fields of a rule, as the spec's create body names them. */
const ruleFields = {
  name: z.string().describe("Rule name."),
  type: RuleType.describe("What the rule inspects."),
  description: z.string().nullable().optional().describe("Human-facing description."),
  action: RuleAction.optional().describe("Action on a match; default flag."),
  severity: Severity.optional().describe("Severity of a match; default medium."),
  status: RuleStatus.optional().describe("draft (default, no effect on scans), active or archived."),
  applies_to_all: z.boolean().optional().describe("Rule applies to every agent; default true."),
  agent_ids: list("Agents the rule is limited to when applies_to_all is false.").optional(),
  data_direction: DataDirection.nullable().optional().describe("inbound, outbound or both (null: all scans)."),
  custom_patterns: list("Case-insensitive literals, or /regex/flags in RE2 syntax (flags i m s u).").optional(),
  tool_names: list("Globs over tool names (tool_call rules).").optional(),
  data_categories: list("Data category IDs (see GET /v1/secure/libraries).").optional(),
  data_descriptions: list("Natural-language descriptions of data to detect.").optional(),
  dsl_statements: list("CEL conditions (policy_dsl rules).").optional(),
  pattern_library_ids: list("Pattern library IDs (see GET /v1/secure/libraries).").optional(),
  detection_sensitivity: DetectionSensitivity.optional().describe(
    "How readily the prompt-injection classifier (category injection_classifier) reports for this rule: low, medium (default) or high; high reports more, at a lower score threshold.",
  ),
};

/** `POST /v1/secure/rules` body. */
export const CreateRuleBody = z.strictObject(ruleFields).meta({ id: "CreateRuleBody" });
export type CreateRuleBody = z.infer<typeof CreateRuleBody>;

/** `PATCH /v1/secure/rules/{id}` body: any subset of the create fields. */
export const UpdateRuleBody = z
  .strictObject({ ...ruleFields, name: ruleFields.name.optional(), type: ruleFields.type.optional() })
  .meta({ id: "UpdateRuleBody" });
export type UpdateRuleBody = z.infer<typeof UpdateRuleBody>;

/** `GET /v1/secure/rules` query. */
export const ListRulesQuery = z.strictObject({ status: RuleStatus.optional(), type: RuleType.optional() });

/** The rule object of responses. */
export const RuleObject = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string().nullable(),
    type: RuleType,
    action: RuleAction,
    severity: Severity,
    status: RuleStatus,
    is_built_in: z.boolean(),
    applies_to_all: z.boolean(),
    agent_ids: z.array(z.string()),
    data_direction: DataDirection.nullable(),
    custom_patterns: z.array(z.string()),
    tool_names: z.array(z.string()),
    data_categories: z.array(z.string()),
    data_descriptions: z.array(z.string()),
    dsl_statements: z.array(z.string()),
    pattern_library_ids: z.array(z.string()),
    detection_sensitivity: DetectionSensitivity,
    trigger_count: z.number().int(),
    last_triggered_at: Timestamp.nullable(),
    version: z.number().int(),
    created_at: Timestamp,
    updated_at: Timestamp,
  })
  .meta({ id: "Rule" });
export type RuleObject = z.infer<typeof RuleObject>;

export const RuleResponse = z.object({ rule: RuleObject });
export const RuleListResponse = z.object({ rules: z.array(RuleObject) });

/** `GET /v1/secure/libraries` response. */
export const LibrariesResponse = z.object({
  libraries: z.array(
    z.object({ id: z.string(), name: z.string(), description: z.string(), category_ids: z.array(z.string()) }),
  ),
  categories: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      description: z.string(),
      library_id: z.string(),
      default_severity: Severity,
    }),
  ),
});
