import { randomUUID } from "node:crypto";
import type { Collection, Db, ObjectId, WithId } from "mongodb";
import { pingBackend } from "../../../lib/db/backend.js";
import { LazyIndexes } from "../../../lib/db/lazy-indexes.js";
import { systemClock, type Clock } from "../../../lib/clock.js";
import { isDuplicateKeyError } from "../../../lib/db/mongo-errors.js";
import { builtInRank, builtInRulesFor } from "../domain/built-in-rules.js";
import type { DataDirection, DetectionSensitivity, Rule, RuleAction, RuleSpec, RuleStatus, RuleType, Severity } from "../domain/rule.js";
import type { RuleFilter, RuleStore, TriggerIncrement } from "./rule-store.js";
import { SeededWorkspaces } from "./seeded-workspaces.js";

/** The collection holding every workspace's rule revisions. */
export const RULES_COLLECTION = "secure_rules";

/** The collection holding trigger counts, one document per (workspace, rule), outside the revisions. */
export const TRIGGERS_COLLECTION = "secure_rule_triggers";

/** Trigger counts scans added to a rule since it was stored. */
interface TriggerDoc {
  _id: string;
  workspace_id: string;
  rule_id: string;
  trigger_count: number;
  last_triggered_at: number;
}

// The workspace ID's length comes first, so no (workspace, rule) pair can collide with another.
function triggerId(workspaceId: string, ruleId: string): string {
  return `${workspaceId.length}:${workspaceId}:${ruleId}`;
}

interface SpecFields {
  name: string;
  description: string | null;
  type: string;
  action: string;
  severity: string;
  status: string;
  applies_to_all: boolean;
  agent_ids: string[];
  data_direction: string | null;
  custom_patterns: string[];
  tool_names: string[];
  data_categories: string[];
  data_descriptions: string[];
  dsl_statements: string[];
  pattern_library_ids: string[];
  /** Absent on revisions stored before rules had it: read as medium. */
  detection_sensitivity?: string;
}

/** One revision of a rule; the rule is its highest-version revision. */
interface RuleDoc extends SpecFields {
  workspace_id: string;
  id: string;
  version: number;
  is_built_in: boolean;
  builtin_rank: number;
  /** Set when the rule is created and carried by every revision: breaks created_at ties in listings. */
  created_seq: ObjectId;
  trigger_count: number;
  last_triggered_at: number | null;
  created_at: number;
  updated_at: number;
  /**
   * Marks of the last edits this revision contains (its own last): how an
   * edit that finds a higher revision tells whether that one was built on
   * it. Absent in revisions written before edits were marked.
   */
  edits?: string[];
}

// Edits a revision remembers: far more than can chain within one edit's check.
const REMEMBERED_EDITS = 64;

/**
 * Rule store on MongoDB, collection `secure_rules`. Each accepted edit inserts
 * a new revision document; the unique index on (workspace_id, id, version)
 * lets exactly one of concurrent edits from the same version in, and
 * superseded revisions are then deleted. Inserts are used instead of a
 * conditional `findOneAndUpdate` because FerretDB, which must be supported,
 * does not apply conditional updates atomically, while it does enforce unique
 * indexes atomically. Needs no transactions.
 *
 * Trigger counts live in `secure_rule_triggers`, not in the revisions: an
 * increment written to a revision an edit was superseding would be lost.
 * A rule's count is its revision's stored count plus that document's. The
 * increments are `$inc`/`$max` upserts, atomic on MongoDB; on FerretDB they
 * are not atomic against another process writing the same document at the
 * same instant, which is why each process batches and serialises its own.
 */
export class MongoRuleStore implements RuleStore {
  private readonly rules: Collection<RuleDoc>;
  private readonly triggers: Collection<TriggerDoc>;
  private readonly seeded: SeededWorkspaces;
  // Created on first use; one index per command (see lib/db/lazy-indexes.ts).
  private readonly indexes = new LazyIndexes(async () => {
    await this.rules.createIndex({ workspace_id: 1, id: 1, version: 1 }, { name: "workspace_id_id_version", unique: true });
    await this.triggers.createIndex({ workspace_id: 1 }, { name: "workspace_id" });
  });

  constructor(
    private readonly db: Db,
    private readonly clock: Clock = systemClock,
  ) {
    this.rules = db.collection<RuleDoc>(RULES_COLLECTION);
    this.triggers = db.collection<TriggerDoc>(TRIGGERS_COLLECTION);
    this.seeded = new SeededWorkspaces((workspaceId) => this.seed(workspaceId));
  }

  async insert(rule: Rule): Promise<void> {
    await this.ready(rule.workspaceId);
    // A rule is new only if no revision of it exists; a duplicate ID is refused
    // here and, for concurrent creates, by the unique index.
    if (await this.latest(rule.workspaceId, rule.id)) {
      throw new Error(`rule ${rule.id} already exists in workspace ${rule.workspaceId}`);
    }
    await this.rules.insertOne(toDoc(rule, await newObjectId()));
  }

  async get(workspaceId: string, id: string): Promise<Rule | null> {
    await this.ready(workspaceId);
    const doc = await this.latest(workspaceId, id);
    if (!doc) return null;
    const triggers = await this.triggers.findOne({ _id: triggerId(workspaceId, id) });
    return withTriggers(fromDoc(doc), triggers);
  }

  async list(workspaceId: string, filter: RuleFilter = {}): Promise<Rule[]> {
    await this.ready(workspaceId);
    // Filters apply to each rule's latest revision, so they run after picking it.
    const latest = new Map<string, RuleDoc>();
    const [docs, triggerDocs] = await Promise.all([
      this.rules.find({ workspace_id: workspaceId }).toArray(),
      this.triggers.find({ workspace_id: workspaceId }).toArray(),
    ]);
    for (const doc of docs) {
      const seen = latest.get(doc.id);
      if (!seen || seen.version < doc.version) latest.set(doc.id, doc);
    }
    const triggers = new Map(triggerDocs.map((t) => [t.rule_id, t]));
    return [...latest.values()]
      .filter((d) => (!filter.status || d.status === filter.status) && (!filter.type || d.type === filter.type))
      .sort(listOrder)
      .map((d) => withTriggers(fromDoc(d), triggers.get(d.id) ?? null));
  }

  async updateSpec(
    workspaceId: string,
    id: string,
    expectedVersion: number,
    spec: RuleSpec,
    updatedAt: number,
  ): Promise<Rule | null> {
    await this.ready(workspaceId);
    const current = await this.latest(workspaceId, id);
    if (!current || current.is_built_in || current.version !== expectedVersion) return null;
    const { _id, ...kept } = current;
    const mark = randomUUID();
    const edits = [...(current.edits ?? []), mark].slice(-REMEMBERED_EDITS);
    const next: RuleDoc = { ...kept, ...specFields(spec), version: expectedVersion + 1, updated_at: updatedAt, edits };
    let insertedId: ObjectId;
    try {
      insertedId = (await this.rules.insertOne(next)).insertedId;
    } catch (err) {
      if (isDuplicateKeyError(err)) return null;
      throw err;
    }
    // A slow writer can insert a version number whose revision a faster chain
    // of edits has already superseded and deleted; a higher revision then
    // exists that does not contain this edit, so it lost the race: withdraw it
    // and report no update. A higher revision built on this one (a quick next
    // edit) contains it: then it stands.
    const [higher] = await this.rules
      .find({ workspace_id: workspaceId, id, version: { $gt: next.version } }, { projection: { edits: 1 } })
      .sort({ version: -1 })
      .limit(1)
      .toArray();
    if (higher && !(higher.edits ?? []).includes(mark)) {
      await this.rules.deleteOne({ _id: insertedId }).catch(() => undefined);
      return null;
    }
    // Cleanup only: readers always take the highest version, so a revision left
    // behind by a failed delete changes no answer and the next edit removes it.
    await this.rules.deleteMany({ workspace_id: workspaceId, id, version: { $lt: next.version } }).catch(() => undefined);
    return withTriggers(fromDoc(next), await this.triggers.findOne({ _id: triggerId(workspaceId, id) }));
  }

  async recordTriggers(increments: readonly TriggerIncrement[]): Promise<void> {
    if (increments.length === 0) return;
    await this.triggers.bulkWrite(
      increments.map((inc) => ({
        updateOne: {
          filter: { _id: triggerId(inc.workspaceId, inc.ruleId) },
          update: {
            $inc: { trigger_count: inc.count },
            $max: { last_triggered_at: inc.lastTriggeredAt },
            $setOnInsert: { workspace_id: inc.workspaceId, rule_id: inc.ruleId },
          },
          upsert: true,
        },
      })),
      { ordered: false },
    );
  }

  ping(): Promise<boolean> {
    return pingBackend({ kind: "mongodb", db: this.db });
  }

  private async latest(workspaceId: string, id: string): Promise<WithId<RuleDoc> | null> {
    const [doc] = await this.rules.find({ workspace_id: workspaceId, id }).sort({ version: -1 }).limit(1).toArray();
    return doc ?? null;
  }

  private async ready(workspaceId: string): Promise<void> {
    await this.indexes.ensure();
    await this.seeded.ensure(workspaceId);
  }

  // Insert-if-absent: revision 1 of a built-in is written once per workspace; a
  // replica seeding the same workspace at the same moment loses on the unique index.
  private async seed(workspaceId: string): Promise<void> {
    const rules = builtInRulesFor(workspaceId, this.clock.now());
    const present = new Set(
      (await this.rules.find({ workspace_id: workspaceId, is_built_in: true }, { projection: { id: 1 } }).toArray()).map((d) => d.id),
    );
    for (const rule of rules.filter((r) => !present.has(r.id))) {
      try {
        await this.rules.insertOne(toDoc(rule, await newObjectId()));
      } catch (err) {
        if (!isDuplicateKeyError(err)) throw err;
      }
    }
  }
}

// Built-ins first in catalogue order, then creation order.
function listOrder(a: RuleDoc, b: RuleDoc): number {
  if (a.is_built_in !== b.is_built_in) return a.is_built_in ? -1 : 1;
  if (a.builtin_rank !== b.builtin_rank) return a.builtin_rank - b.builtin_rank;
  if (a.created_at !== b.created_at) return a.created_at - b.created_at;
  return a.created_seq.toHexString().localeCompare(b.created_seq.toHexString());
}

function specFields(spec: RuleSpec): SpecFields {
  return {
    name: spec.name,
    description: spec.description,
    type: spec.type,
    action: spec.action,
    severity: spec.severity,
    status: spec.status,
    applies_to_all: spec.appliesToAll,
    agent_ids: [...spec.agentIds],
    data_direction: spec.dataDirection,
    custom_patterns: [...spec.customPatterns],
    tool_names: [...spec.toolNames],
    data_categories: [...spec.dataCategories],
    data_descriptions: [...spec.dataDescriptions],
    dsl_statements: [...spec.dslStatements],
    pattern_library_ids: [...spec.patternLibraryIds],
    detection_sensitivity: spec.detectionSensitivity,
  };
}

// Loaded on use: the driver is in memory once a MongoDB store exists, and a
// static import would load it into processes on the embedded default too.
async function newObjectId(): Promise<ObjectId> {
  const { ObjectId } = await import("mongodb");
  return new ObjectId();
}

function toDoc(rule: Rule, createdSeq: ObjectId): RuleDoc {
  return {
    ...specFields(rule),
    workspace_id: rule.workspaceId,
    id: rule.id,
    version: rule.version,
    is_built_in: rule.isBuiltIn,
    builtin_rank: rule.isBuiltIn ? builtInRank(rule.id) : -1,
    created_seq: createdSeq,
    trigger_count: rule.triggerCount,
    last_triggered_at: rule.lastTriggeredAt,
    created_at: rule.createdAt,
    updated_at: rule.updatedAt,
  };
}

// The revision's own count (set when the rule was stored) plus what scans added since.
function withTriggers(rule: Rule, triggers: TriggerDoc | null): Rule {
  if (!triggers) return rule;
  const last = rule.lastTriggeredAt === null ? triggers.last_triggered_at : Math.max(rule.lastTriggeredAt, triggers.last_triggered_at);
  return { ...rule, triggerCount: rule.triggerCount + triggers.trigger_count, lastTriggeredAt: last };
}

function fromDoc(doc: RuleDoc): Rule {
  return {
    id: doc.id,
    workspaceId: doc.workspace_id,
    name: doc.name,
    description: doc.description ?? null,
    type: doc.type as RuleType,
    action: doc.action as RuleAction,
    severity: doc.severity as Severity,
    status: doc.status as RuleStatus,
    isBuiltIn: doc.is_built_in,
    appliesToAll: doc.applies_to_all,
    agentIds: doc.agent_ids,
    dataDirection: (doc.data_direction ?? null) as DataDirection | null,
    customPatterns: doc.custom_patterns,
    toolNames: doc.tool_names,
    dataCategories: doc.data_categories,
    dataDescriptions: doc.data_descriptions,
    dslStatements: doc.dsl_statements,
    detectionSensitivity: (doc.detection_sensitivity ?? "medium") as DetectionSensitivity,
    patternLibraryIds: doc.pattern_library_ids,
    triggerCount: doc.trigger_count,
    lastTriggeredAt: doc.last_triggered_at ?? null,
    version: doc.version,
    createdAt: doc.created_at,
    updatedAt: doc.updated_at,
  };
}
