/** What a rule inspects. */
export type RuleType = "data_pattern" | "policy_dsl" | "prompt_pattern" | "tool_call";

/** What a scan does when a rule matches. */
export type RuleAction = "block" | "flag" | "log";

/** How serious a match is. */
export type Severity = "critical" | "high" | "medium" | "low";

/** Only `active` rules affect scans; `archived` rules stay listed. */
export type RuleStatus = "active" | "archived" | "draft";

/** Which scans a data_pattern rule applies to; null means every scan type. */
export type DataDirection = "inbound" | "outbound" | "both";

/**
 * How readily a rule's prompt-injection classifier reports a likely
 * injection: `high` reports more (a lower score threshold), `low` fewer.
 */
export type DetectionSensitivity = "low" | "medium" | "high";

/** Every rule type, in the order the API documents them. */
export const RULE_TYPES: readonly RuleType[] = ["data_pattern", "policy_dsl", "prompt_pattern", "tool_call"];
/** Every rule action. */
export const RULE_ACTIONS: readonly RuleAction[] = ["block", "flag", "log"];
/** Every severity, strongest first. */
export const SEVERITIES: readonly Severity[] = ["critical", "high", "medium", "low"];
/** Every rule status. */
export const RULE_STATUSES: readonly RuleStatus[] = ["active", "archived", "draft"];
/** Every detection sensitivity. */
export const DETECTION_SENSITIVITIES: readonly DetectionSensitivity[] = ["low", "medium", "high"];
/** Every data direction. */
export const DATA_DIRECTIONS: readonly DataDirection[] = ["inbound", "outbound", "both"];

/**
 * The writable part of a rule: what a create sets and an update may change.
 * Lists are never absent (empty means "none").
 */
export interface RuleSpec {
  name: string;
  description: string | null;
  type: RuleType;
  action: RuleAction;
  severity: Severity;
  status: RuleStatus;
  appliesToAll: boolean;
  agentIds: string[];
  dataDirection: DataDirection | null;
  customPatterns: string[];
  toolNames: string[];
  dataCategories: string[];
  dataDescriptions: string[];
  dslStatements: string[];
  patternLibraryIds: string[];
  /** Threshold of the `injection_classifier` category for this rule; medium unless set. */
  detectionSensitivity: DetectionSensitivity;
}

/** A stored rule of one workspace. Times are epoch milliseconds. */
export interface Rule extends RuleSpec {
  id: string;
  workspaceId: string;
  isBuiltIn: boolean;
  /** How many scans this rule matched; moved by scans, not by edits. */
  triggerCount: number;
  lastTriggeredAt: number | null;
  /** Starts at 1 and increases by one with every accepted edit. */
  version: number;
  createdAt: number;
  updatedAt: number;
}

/** The list fields of a rule spec; a sent list replaces the stored one whole. */
export const RULE_LIST_FIELDS = [
  "agentIds",
  "customPatterns",
  "toolNames",
  "dataCategories",
  "dataDescriptions",
  "dslStatements",
  "patternLibraryIds",
] as const satisfies readonly (keyof RuleSpec)[];

/** A list field of a rule spec. */
export type RuleListField = (typeof RULE_LIST_FIELDS)[number];

/** The REST (snake_case) name of each rule spec field, used to name fields in errors. */
export const REST_FIELD_NAME: Readonly<Record<keyof RuleSpec, string>> = {
  name: "name",
  description: "description",
  type: "type",
  action: "action",
  severity: "severity",
  status: "status",
  appliesToAll: "applies_to_all",
  agentIds: "agent_ids",
  dataDirection: "data_direction",
  customPatterns: "custom_patterns",
  toolNames: "tool_names",
  dataCategories: "data_categories",
  dataDescriptions: "data_descriptions",
  dslStatements: "dsl_statements",
  patternLibraryIds: "pattern_library_ids",
  detectionSensitivity: "detection_sensitivity",
};
