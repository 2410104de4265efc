import type { Collection, Db, Filter } from "mongodb";
import type { AutonomyLevel } from "../domain/autonomy-level.js";
import type { Checkpoint, CheckpointStatus, Eval, Vote } from "../domain/checkpoint.js";
import type { ContentPart, EvalScan, ScanEffect, ScanVerdict } from "../domain/gate-scan.js";
import type { ScanGate, TimeoutOutcome } from "../domain/policy.js";
import { checkpointEventId, type CheckpointEvent, type CheckpointEventType } from "../domain/checkpoint-event.js";
import { initialOutcomeOf, type RecordedCheckpoint } from "../domain/recorded-checkpoint.js";
import type {
  ChangeRecord,
  CheckpointEventQuery,
  CheckpointListQuery,
  CheckpointStore,
  DueCheckpoint,
  RecordedQuery,
} from "./checkpoint-store.js";
import { LazyIndexes } from "../../../lib/db/lazy-indexes.js";
import { MongoRevisionLog, type RevisionEntry } from "./mongo-revision-log.js";
import { pingBackend } from "../../../lib/db/backend.js";

/** The collection holding every workspace's checkpoints (their latest state, as a projection). */
export const CHECKPOINTS_COLLECTION = "govern_checkpoints";

// Log entries examined per purge; the led job comes back for the rest.
const PURGE_BATCH = 1000;

/** The collection logging every state after the first of every checkpoint. */
export const CHECKPOINT_REVISIONS_COLLECTION = "govern_checkpoint_revisions";

// What a vote or transition changes; every revision after the first is logged as one of these.
interface StateFields {
  status: string;
  reason: string | null;
  decision_token: string | null;
  decided_at: number | null;
  evals: EvalDoc[];
  votes: VoteDoc[];
}

// The payload is the caller's arbitrary JSON: kept as text so that keys such as
// "$where" or "a.b" never meet MongoDB's (or FerretDB's) field-name rules.
interface CheckpointDoc extends StateFields {
  /** The checkpoint ID (unique across workspaces): reads by ID are `_id` lookups. */
  _id: string;
  workspace_id: string;
  id: string;
  agent_id: string | null;
  agent_name: string | null;
  action: string;
  payload_json: string | null;
  context: string | null;
  reasoning: string | null;
  autonomy_level: string | null;
  policy_ids: string[];
  policy_group_ids: string[];
  expires_at: number;
  created_at: number;
  revision: number;
  /** The events of the creation and the state they saw (absent in documents stored before events were). */
  first?: { at: number; events: string[]; state: StateFields };
}

interface EvalDoc {
  policy_id: string;
  policy_name: string;
  applicability: string;
  status: string;
  quorum_required: number;
  quorum_met: number;
  pool_size: number;
  reviewers: string[];
  /** Absent in evals stored before policies had it: expired. */
  timeout_outcome?: string;
  /** Absent (or null) when the policy asks for no scan. */
  scan?: EvalScanDoc | null;
}

interface EvalScanDoc {
  gate: { on_block: string; on_flag: string };
  effect: string | null;
  result: {
    scan_id: string;
    verdict: string;
    rule_set_version: string;
    matches: {
      rule_id: string;
      rule_name: string;
      type: string;
      action: string;
      severity: string;
      findings: { part: string; kind: string; label: string; start: number; end: number; excerpt: string }[];
    }[];
  } | null;
}

interface VoteDoc {
  subject: string;
  decision: string;
  reason: string | null;
  at: number;
}

/**
 * Checkpoint store on MongoDB. Needs no transactions, change streams or TTL
 * indexes (FerretDB has none). A checkpoint with its votes is one document
 * in `govern_checkpoints` whose `_id` is the checkpoint ID; each vote or
 * transition is claimed by appending the new state to
 * `govern_checkpoint_revisions`, whose unique `_id` lets exactly one of
 * concurrent writers at a revision win (see `MongoRevisionLog`), and is then
 * projected onto the document. Reads roll a lagging document forward from
 * the log, so they always see the latest state.
 *
 * Everything a checkpoint's create, read, vote, wait and expiry does is a
 * lookup or write by `_id` (MongoDB's cheapest query, from the index every
 * collection has), so it costs the same however many checkpoints are
 * stored. Only listings (the reviewer queue, the expiry sweep's schedule,
 * the event feed) filter on other fields, served by the indexes below.
 *
 * Events are stored in the documents written anyway, so they are as atomic
 * as the change: a creation's in the checkpoint's `first` field, a later
 * change's in its revision log entry (`at`, `events`). (FerretDB 1.x, the
 * MongoDB server of the tests, uses no index for any query: see the README's
 * limitations.)
 */
export class MongoCheckpointStore implements CheckpointStore {
  private readonly checkpoints: Collection<CheckpointDoc>;
  private readonly log: MongoRevisionLog<StateFields>;
  private readonly indexes: LazyIndexes;

  constructor(private readonly db: Db) {
    this.checkpoints = db.collection<CheckpointDoc>(CHECKPOINTS_COLLECTION);
    this.log = new MongoRevisionLog<StateFields>(db, CHECKPOINT_REVISIONS_COLLECTION);
    // One index per command: FerretDB drops the connection when two processes
    // send a multi-index createIndexes for a new collection at the same time.
    this.indexes = new LazyIndexes(async () => {
      await this.checkpoints.createIndex({ workspace_id: 1, status: 1, id: -1 }, { name: "workspace_queue" });
      await this.checkpoints.createIndex({ status: 1, expires_at: 1 }, { name: "status_expires_at" });
      await this.checkpoints.createIndex({ workspace_id: 1, "first.at": 1 }, { name: "workspace_first_at" });
      await this.checkpoints.createIndex({ workspace_id: 1, created_at: 1, _id: 1 }, { name: "workspace_created_at" });
      await this.log.createIndexes();
    });
  }

  async insert(checkpoint: Checkpoint, change: ChangeRecord): Promise<void> {
    await this.indexes.ensure();
    const doc = toDoc(checkpoint);
    doc.first = { at: change.at, events: [...change.events], state: stateOf(doc) };
    await this.checkpoints.insertOne(doc);
  }

  async get(workspaceId: string, id: string): Promise<Checkpoint | null> {
    const doc = await this.current(workspaceId, id);
    return doc ? fromDoc(doc) : null;
  }

  async list(workspaceId: string, query: CheckpointListQuery): Promise<Checkpoint[]> {
    await this.indexes.ensure();
    const filter: Filter<CheckpointDoc> = { workspace_id: workspaceId };
    if (query.status) filter.status = query.status;
    if (query.afterId) filter.id = { $lt: query.afterId };
    const docs = await this.checkpoints.find(filter).sort({ id: -1 }).limit(query.limit).toArray();
    const fresh = await this.rollForwardAll(docs);
    // A projection that lagged may have matched a status the checkpoint has since left.
    return fresh.filter((d) => !query.status || d.status === query.status).map(fromDoc);
  }

  async update(next: Checkpoint, expectedRevision: number, change: ChangeRecord): Promise<boolean> {
    if (next.revision !== expectedRevision + 1) throw new Error("a checkpoint update must move to the next revision");
    const current = await this.current(next.workspaceId, next.id);
    if (!current || current.revision !== expectedRevision) return false;
    // Revisions are claimed one after another, so a writer that read a stale
    // revision finds the next one taken: the append is the whole condition.
    const doc = toDoc(next);
    if (!(await this.log.append(next.workspaceId, next.id, next.revision, stateOf(doc), change))) return false;
    await this.project(doc);
    return true;
  }

  async listDue(before: number, limit: number): Promise<DueCheckpoint[]> {
    await this.indexes.ensure();
    const docs = await this.checkpoints
      .find({ status: "pending", expires_at: { $lte: before } }, { projection: { workspace_id: 1, expires_at: 1, revision: 1 } })
      .sort({ expires_at: 1 })
      .limit(limit)
      .toArray();
    // A projection that lagged may still say pending: the log has the last word.
    const entries = await this.log.afterEach(docs.map((d) => ({ workspaceId: d.workspace_id, id: d._id, known: d.revision })));
    return docs
      .filter((_, i) => !entries[i] || entries[i]!.state.status === "pending")
      .map((d) => ({ workspaceId: d.workspace_id, id: d._id, expiresAt: d.expires_at }));
  }

  async listEvents(workspaceId: string, query: CheckpointEventQuery): Promise<CheckpointEvent[]> {
    await this.indexes.ensure();
    // Each source yields at least one event per document, so the first
    // `limit` events of both together are among the first `limit` of each.
    const [created, logged] = await Promise.all([
      this.checkpoints
        .find({ workspace_id: workspaceId, "first.at": { $gte: query.since } })
        .sort({ "first.at": 1, _id: 1 })
        .limit(query.limit)
        .toArray(),
      this.log.since(workspaceId, query.since, query.limit),
    ]);
    const docs = new Map(created.map((d) => [d._id, d]));
    const missing = [...new Set(logged.map((e) => e.id).filter((id) => !docs.has(id)))];
    if (missing.length > 0) for (const d of await this.checkpoints.find({ _id: { $in: missing } }).toArray()) docs.set(d._id, d);
    const events: CheckpointEvent[] = [];
    const add = (doc: CheckpointDoc, at: number, types: readonly string[], state: StateFields, revision: number) => {
      const checkpoint = fromDoc({ ...doc, ...stateOf(state), revision });
      types.forEach((type, index) =>
        events.push({ id: checkpointEventId(at, doc._id, revision, index), type: type as CheckpointEventType, at, checkpoint }),
      );
    };
    for (const doc of created) add(doc, doc.first!.at, doc.first!.events, doc.first!.state, 1);
    for (const entry of logged) {
      const doc = docs.get(entry.id);
      if (doc && doc.workspace_id === workspaceId) add(doc, entry.at, entry.events, entry.state, entry.revision);
    }
    events.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    return events.slice(0, query.limit);
  }

  // The log is the checkpoints' history as well as their events: its entries
  // are forgotten only once the projection holds them (rolled forward here
  // when it lags), so no state is lost with the events.
  async purgeEvents(before: number): Promise<void> {
    await this.indexes.ensure();
    const old = await this.log.madeBefore(before, PURGE_BATCH);
    const byRecord = new Map<string, { workspaceId: string; revisions: number[] }>();
    for (const e of old) {
      const r = byRecord.get(e.id) ?? { workspaceId: e.workspaceId, revisions: [] };
      r.revisions.push(e.revision);
      byRecord.set(e.id, r);
    }
    for (const [id, { workspaceId, revisions }] of byRecord) {
      // Rolling forward projects best effort: forget only what the stored projection holds.
      await this.current(workspaceId, id);
      const projected = await this.checkpoints.findOne({ _id: id }, { projection: { revision: 1 } });
      if (projected) await this.log.forget(id, projected.revision, revisions);
    }
  }

  // The document may lag the revision log, but a replay reads only what was
  // fixed at creation and the initial outcome, which any state of a
  // checkpoint gives alike (see `initialOutcomeOf`): no roll-forward needed.
  async listRecorded(workspaceId: string, query: RecordedQuery): Promise<RecordedCheckpoint[]> {
    await this.indexes.ensure();
    // Every ID sorts after "": the first page starts at `since` inclusive.
    const after = query.after && query.after.createdAt >= query.since ? query.after : { createdAt: query.since, id: "" };
    const docs = await this.checkpoints
      .find(
        {
          workspace_id: workspaceId,
          $or: [{ created_at: { $gt: after.createdAt, $lt: query.until } }, { created_at: after.createdAt, _id: { $gt: after.id } }],
        },
        { projection: { decision_token: 0, evals: 0, first: 0, reason: 0 } },
      )
      .sort({ created_at: 1, _id: 1 })
      .limit(query.limit)
      .toArray();
    // `after.createdAt` itself is before `until` unless the range is empty.
    return docs.filter((d) => d.created_at < query.until).map(fromRecordedDoc);
  }

  ping(): Promise<boolean> {
    return pingBackend({ kind: "mongodb", db: this.db });
  }

  private async current(workspaceId: string, id: string): Promise<CheckpointDoc | null> {
    const doc = await this.checkpoints.findOne({ _id: id });
    // Another workspace's checkpoint does not exist for this one.
    if (!doc || doc.workspace_id !== workspaceId) return null;
    return this.rollForward(doc, await this.log.after({ workspaceId, id, known: doc.revision }));
  }

  private async rollForwardAll(docs: CheckpointDoc[]): Promise<CheckpointDoc[]> {
    const entries = await this.log.afterEach(docs.map((d) => ({ workspaceId: d.workspace_id, id: d._id, known: d.revision })));
    return Promise.all(docs.map((d, i) => this.rollForward(d, entries[i]!)));
  }

  private async rollForward(doc: CheckpointDoc, entry: RevisionEntry<StateFields> | null): Promise<CheckpointDoc> {
    if (!entry || entry.revision <= doc.revision) return doc;
    const fresh: CheckpointDoc = { ...doc, ...stateOf(entry.state), revision: entry.revision };
    await this.project(fresh);
    return fresh;
  }

  // Best effort: the log is authoritative and every read rolls a lagging
  // projection forward, so a failed or overtaken projection costs nothing.
  private async project(doc: CheckpointDoc): Promise<void> {
    try {
      await this.checkpoints.updateOne({ _id: doc._id, revision: { $lt: doc.revision } }, { $set: { ...stateOf(doc), revision: doc.revision } });
    } catch {
      // See above: the next read repairs it.
    }
  }
}

function stateOf(s: StateFields): StateFields {
  return {
    status: s.status,
    reason: s.reason ?? null,
    decision_token: s.decision_token ?? null,
    decided_at: s.decided_at ?? null,
    evals: s.evals,
    votes: s.votes,
  };
}

function toDoc(c: Checkpoint): CheckpointDoc {
  return {
    _id: c.id,
    workspace_id: c.workspaceId,
    id: c.id,
    agent_id: c.agentId,
    agent_name: c.agentName,
    action: c.action,
    payload_json: c.payload === null ? null : JSON.stringify(c.payload),
    context: c.context,
    reasoning: c.reasoning,
    autonomy_level: c.autonomyLevel,
    policy_ids: [...c.policyIds],
    policy_group_ids: [...c.policyGroupIds],
    status: c.status,
    reason: c.reason,
    decision_token: c.decisionToken,
    expires_at: c.expiresAt,
    created_at: c.createdAt,
    decided_at: c.decidedAt,
    evals: c.evals.map((e) => ({
      policy_id: e.policyId,
      policy_name: e.policyName,
      applicability: e.applicability,
      status: e.status,
      quorum_required: e.quorumRequired,
      quorum_met: e.quorumMet,
      pool_size: e.poolSize,
      reviewers: [...e.reviewers],
      // Absent stays absent (evals stored before policies had these), so a read gives back what was written.
      ...(e.timeoutOutcome !== undefined ? { timeout_outcome: e.timeoutOutcome } : {}),
      ...(e.scan !== undefined ? { scan: e.scan && evalScanDoc(e.scan) } : {}),
    })),
    votes: c.votes.map((v) => ({ subject: v.subject, decision: v.decision, reason: v.reason, at: v.at })),
    revision: c.revision,
  };
}

function fromDoc(d: CheckpointDoc): Checkpoint {
  return {
    id: d.id,
    workspaceId: d.workspace_id,
    agentId: d.agent_id ?? null,
    agentName: d.agent_name ?? null,
    action: d.action,
    payload: d.payload_json === null || d.payload_json === undefined ? null : (JSON.parse(d.payload_json) as Checkpoint["payload"]),
    context: d.context ?? null,
    reasoning: d.reasoning ?? null,
    autonomyLevel: (d.autonomy_level ?? null) as AutonomyLevel | null,
    policyIds: d.policy_ids,
    policyGroupIds: d.policy_group_ids,
    status: d.status as CheckpointStatus,
    reason: d.reason ?? null,
    decisionToken: d.decision_token ?? null,
    expiresAt: d.expires_at,
    createdAt: d.created_at,
    decidedAt: d.decided_at ?? null,
    evals: d.evals.map(
      (e): Eval => ({
        policyId: e.policy_id,
        policyName: e.policy_name,
        applicability: e.applicability as Eval["applicability"],
        status: e.status as Eval["status"],
        quorumRequired: e.quorum_required,
        quorumMet: e.quorum_met,
        poolSize: e.pool_size,
        reviewers: e.reviewers,
        ...(e.timeout_outcome !== undefined ? { timeoutOutcome: e.timeout_outcome as TimeoutOutcome } : {}),
        ...(e.scan !== undefined ? { scan: e.scan && evalScanOf(e.scan) } : {}),
      }),
    ),
    votes: d.votes.map((v): Vote => ({ subject: v.subject, decision: v.decision as Vote["decision"], reason: v.reason ?? null, at: v.at })),
    revision: d.revision,
  };
}

function fromRecordedDoc(d: CheckpointDoc): RecordedCheckpoint {
  return {
    id: d.id,
    createdAt: d.created_at,
    action: d.action,
    payload: d.payload_json === null || d.payload_json === undefined ? null : (JSON.parse(d.payload_json) as RecordedCheckpoint["payload"]),
    agentId: d.agent_id ?? null,
    agentName: d.agent_name ?? null,
    context: d.context ?? null,
    reasoning: d.reasoning ?? null,
    autonomyLevel: (d.autonomy_level ?? null) as AutonomyLevel | null,
    policyIds: d.policy_ids,
    policyGroupIds: d.policy_group_ids,
    initialOutcome: initialOutcomeOf({
      status: d.status as CheckpointStatus,
      createdAt: d.created_at,
      decidedAt: d.decided_at ?? null,
      voteCount: d.votes.length,
    }),
  };
}

function evalScanDoc(s: EvalScan): EvalScanDoc {
  const r = s.result;
  return {
    gate: { on_block: s.gate.onBlock, on_flag: s.gate.onFlag },
    effect: s.effect,
    result: r && {
      scan_id: r.scanId,
      verdict: r.verdict,
      rule_set_version: r.ruleSetVersion,
      matches: r.matches.map((m) => ({
        rule_id: m.ruleId,
        rule_name: m.ruleName,
        type: m.type,
        action: m.action,
        severity: m.severity,
        findings: m.findings.map((f) => ({ part: f.part, kind: f.kind, label: f.label, start: f.start, end: f.end, excerpt: f.excerpt })),
      })),
    },
  };
}

function evalScanOf(d: EvalScanDoc): EvalScan {
  const r = d.result;
  return {
    gate: { onBlock: d.gate.on_block as ScanGate["onBlock"], onFlag: d.gate.on_flag as ScanGate["onFlag"] },
    effect: (d.effect ?? null) as ScanEffect | null,
    result: r
      ? {
          scanId: r.scan_id,
          verdict: r.verdict as ScanVerdict,
          ruleSetVersion: r.rule_set_version,
          matches: r.matches.map((m) => ({
            ruleId: m.rule_id,
            ruleName: m.rule_name,
            type: m.type,
            action: m.action,
            severity: m.severity,
            findings: m.findings.map((f) => ({ part: f.part as ContentPart, kind: f.kind, label: f.label, start: f.start, end: f.end, excerpt: f.excerpt })),
          })),
        }
      : null,
  };
}
