import type { Collection, Db } from "mongodb";
import type { AutonomyLevel } from "../domain/autonomy-level.js";
import type { Policy, PolicyOutcome, PolicySpec, PolicyStatus, ScanGate, TimeoutOutcome } from "../domain/policy.js";
import { LazyIndexes } from "../../../lib/db/lazy-indexes.js";
import { MongoRevisionLog, type RevisionEntry } from "./mongo-revision-log.js";
import { pingBackend } from "../../../lib/db/backend.js";
import type { PolicyStore } from "./policy-store.js";

/** The collection holding every workspace's policies (their latest version, as a projection). */
export const POLICIES_COLLECTION = "govern_policies";

/** The collection logging every version after the first of every policy. */
export const POLICY_VERSIONS_COLLECTION = "govern_policy_versions";

// What an edit changes; every version after the first is logged as one of these.
interface VersionFields {
  name: string;
  description: string | null;
  status: string;
  group_ids: string[];
  match: { actions: string[]; agent_ids: string[]; autonomy_levels: string[]; condition: string | null };
  outcome: string;
  quorum: number;
  reviewers: string[];
  timeout_seconds: number | null;
  /** Absent in versions stored before policies had it: expired. */
  timeout_outcome?: string;
  /** Absent in versions stored before policies had it: no scan. */
  scan?: { on_block: string; on_flag: string } | null;
  updated_at: number;
}

// `_id` is left to the driver: its ObjectIds grow within a process, so they
// break ties between policies created in the same millisecond.
interface PolicyDoc extends VersionFields {
  workspace_id: string;
  id: string;
  version: number;
  created_at: number;
}

const LIST_SORT = { created_at: 1, _id: 1 } as const;

/**
 * Policy store on MongoDB: one document per policy in `govern_policies`.
 * An edit is claimed by appending the new version to `govern_policy_versions`,
 * whose unique index lets exactly one of concurrent editors of a version win
 * (FerretDB's conditional updates are not atomic; see `MongoRevisionLog`),
 * then projected onto the document; reads roll a lagging document forward.
 */
export class MongoPolicyStore implements PolicyStore {
  private readonly policies: Collection<PolicyDoc>;
  private readonly log: MongoRevisionLog<VersionFields>;
  private readonly indexes: LazyIndexes;

  constructor(private readonly db: Db) {
    this.policies = db.collection<PolicyDoc>(POLICIES_COLLECTION);
    this.log = new MongoRevisionLog<VersionFields>(db, POLICY_VERSIONS_COLLECTION);
    this.indexes = new LazyIndexes(async () => {
      await this.policies.createIndex({ workspace_id: 1, id: 1 }, { name: "workspace_id_id", unique: true });
      await this.policies.createIndex({ workspace_id: 1, ...LIST_SORT }, { name: "workspace_listing" });
    });
  }

  async insert(policy: Policy): Promise<void> {
    await this.indexes.ensure();
    await this.policies.insertOne({
      ...versionFields(policy, policy.updatedAt),
      workspace_id: policy.workspaceId,
      id: policy.id,
      version: policy.version,
      created_at: policy.createdAt,
    });
  }

  async get(workspaceId: string, id: string): Promise<Policy | null> {
    const doc = await this.current(workspaceId, id);
    return doc ? fromDoc(doc) : null;
  }

  async list(workspaceId: string, status?: PolicyStatus): Promise<Policy[]> {
    await this.indexes.ensure();
    // Filtered after rolling forward: a lagging projection may hold an old status.
    const docs = await this.policies.find({ workspace_id: workspaceId }).sort(LIST_SORT).toArray();
    const entries = await this.log.afterEach(docs.map((d) => ({ workspaceId: d.workspace_id, id: d.id, known: d.version })));
    const fresh = await Promise.all(docs.map((d, i) => this.rollForward(d, entries[i]!)));
    return fresh.filter((d) => status === undefined || d.status === status).map(fromDoc);
  }

  async updateSpec(workspaceId: string, id: string, expectedVersion: number, spec: PolicySpec, updatedAt: number): Promise<Policy | null> {
    const current = await this.current(workspaceId, id);
    if (!current || current.version !== expectedVersion) return null;
    const fields = versionFields(spec, updatedAt);
    if (!(await this.log.append(workspaceId, id, expectedVersion + 1, fields))) return null;
    const next: PolicyDoc = { ...current, ...fields, version: expectedVersion + 1 };
    await this.project(next);
    return fromDoc(next);
  }

  ping(): Promise<boolean> {
    return pingBackend({ kind: "mongodb", db: this.db });
  }

  private async current(workspaceId: string, id: string): Promise<PolicyDoc | null> {
    await this.indexes.ensure();
    const doc = await this.policies.findOne({ workspace_id: workspaceId, id });
    return doc ? this.rollForward(doc, await this.log.after({ workspaceId, id, known: doc.version })) : null;
  }

  private async rollForward(doc: PolicyDoc, entry: RevisionEntry<VersionFields> | null): Promise<PolicyDoc> {
    if (!entry || entry.revision <= doc.version) return doc;
    const fresh: PolicyDoc = { ...doc, ...entry.state, version: entry.revision };
    await this.project(fresh);
    return fresh;
  }

  // Best effort: the log is authoritative and reads roll a lagging projection forward.
  private async project(doc: PolicyDoc): Promise<void> {
    try {
      const { _id: _ignored, ...fields } = doc as PolicyDoc & { _id?: unknown };
      await this.policies.updateOne(
        { workspace_id: doc.workspace_id, id: doc.id, version: { $lt: doc.version } },
        { $set: { ...fields } },
      );
    } catch {
      // See above: the next read repairs it.
    }
  }
}

function versionFields(spec: PolicySpec, updatedAt: number): VersionFields {
  return {
    name: spec.name,
    description: spec.description,
    status: spec.status,
    group_ids: [...spec.groupIds],
    match: {
      actions: [...spec.match.actions],
      agent_ids: [...spec.match.agentIds],
      autonomy_levels: [...spec.match.autonomyLevels],
      condition: spec.match.condition,
    },
    outcome: spec.outcome,
    quorum: spec.quorum,
    reviewers: [...spec.reviewers],
    timeout_seconds: spec.timeoutSeconds,
    timeout_outcome: spec.timeoutOutcome,
    scan: spec.scan === null ? null : { on_block: spec.scan.onBlock, on_flag: spec.scan.onFlag },
    updated_at: updatedAt,
  };
}

function fromDoc(doc: PolicyDoc): Policy {
  return {
    id: doc.id,
    workspaceId: doc.workspace_id,
    name: doc.name,
    description: doc.description ?? null,
    status: doc.status as PolicyStatus,
    groupIds: doc.group_ids,
    match: {
      actions: doc.match.actions,
      agentIds: doc.match.agent_ids,
      autonomyLevels: doc.match.autonomy_levels as AutonomyLevel[],
      condition: doc.match.condition ?? null,
    },
    outcome: doc.outcome as PolicyOutcome,
    quorum: doc.quorum,
    reviewers: doc.reviewers,
    timeoutSeconds: doc.timeout_seconds ?? null,
    timeoutOutcome: (doc.timeout_outcome ?? "expired") as TimeoutOutcome,
    scan: doc.scan ? { onBlock: doc.scan.on_block as ScanGate["onBlock"], onFlag: doc.scan.on_flag as ScanGate["onFlag"] } : null,
    version: doc.version,
    createdAt: doc.created_at,
    updatedAt: doc.updated_at,
  };
}
