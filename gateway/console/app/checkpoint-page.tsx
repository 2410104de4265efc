import { useEffect, useState } from "preact/hooks";
import { ApiError } from "./api-error.js";
import type { Checkpoint, CheckpointReview } from "./api-types.js";
import { mergeCheckpoint } from "./checkpoint-freshness.js";
import { localTime, timeLeft } from "./format-time.js";
import { ErrorNotice } from "./notice.js";
import { PageTitle } from "./page-title.js";
import { quorumProgress } from "./quorum.js";
import { Link } from "./router.js";
import { useSession } from "./session-context.js";
import { useLoader } from "./use-loader.js";
import { useNow } from "./use-now.js";

function VoteForm({ checkpoint, review, onVoted }: { checkpoint: Checkpoint; review: CheckpointReview; onVoted: (c: Checkpoint) => void }) {
  const { api } = useSession();
  const [reason, setReason] = useState("");
  const [busy, setBusy] = useState<"approve" | "reject" | null>(null);
  const [error, setError] = useState<unknown>(undefined);

  const mine = checkpoint.votes.find((v) => v.subject === review.viewer.subject);
  if (checkpoint.status !== "pending" || mine) {
    return (
      <p class={`notice${mine ? " notice-ok" : ""}`} role="status">
        {mine && <>You voted to {mine.decision} this checkpoint. </>}
        {checkpoint.status !== "pending" ? (
          <>
            Votes are closed: this checkpoint is <strong>{checkpoint.status}</strong>.
          </>
        ) : (
          <>It waits for other reviewers.</>
        )}
      </p>
    );
  }
  if (!review.viewer.can_vote) {
    return (
      <div class="notice notice-warn" role="note">
        <p>
          <strong>You cannot vote on this checkpoint</strong> (signed in as {review.viewer.subject}): {review.viewer.cannot_vote_reason}.
        </p>
        {review.viewer.cannot_vote_reason?.includes("scope") && <p>Ask an administrator for a key with that scope to approve or reject checkpoints.</p>}
      </div>
    );
  }
  const vote = async (decision: "approve" | "reject") => {
    setBusy(decision);
    setError(undefined);
    try {
      const updated = await api.post<Checkpoint>(`/v1/checkpoints/${encodeURIComponent(checkpoint.checkpoint_id)}/decisions`, {
        decision,
        ...(reason.trim() ? { reason: reason.trim() } : {}),
      });
      onVoted(updated);
    } catch (err) {
      setError(err);
    } finally {
      setBusy(null);
    }
  };
  return (
    <form class="card vote" onSubmit={(e) => e.preventDefault()} aria-labelledby="vote-title">
      <h2 id="vote-title">Your decision</h2>
      <label for="vote-reason">Reason</label>
      <textarea id="vote-reason" rows={3} value={reason} maxLength={2000} onInput={(e) => setReason((e.target as HTMLTextAreaElement).value)} aria-describedby="vote-reason-help" />
      <p id="vote-reason-help" class="help">
        Optional; recorded with your vote as {review.viewer.subject}.
      </p>
      <ErrorNotice error={error} />
      <div class="actions">
        <button type="button" class="approve" disabled={busy !== null} onClick={() => void vote("approve")}>
          {busy === "approve" ? "Approving…" : "Approve"}
        </button>
        <button type="button" class="reject" disabled={busy !== null} onClick={() => void vote("reject")}>
          {busy === "reject" ? "Rejecting…" : "Reject"}
        </button>
      </div>
    </form>
  );
}

function Payload({ review }: { review: CheckpointReview }) {
  const masked = review.redactions.length > 0;
  return (
    <section class="card" aria-labelledby="payload-title">
      <h2 id="payload-title">Payload</h2>
      {review.masked_text !== null ? (
        <>
          <p class="help">The masked fields could not be shown one by one; this is the masked document.</p>
          <pre class="json" tabIndex={0} aria-label="Masked context, reasoning and payload">
            {review.masked_text}
          </pre>
        </>
      ) : review.payload === null ? (
        <p class="muted">No payload.</p>
      ) : (
        <pre class="json" tabIndex={0} aria-label="Payload (JSON)">
          {JSON.stringify(review.payload, null, 2)}
        </pre>
      )}
      {masked && (
        <div class="redactions">
          <p>
            <strong>Masked for display</strong> by the workspace's rules (placeholders such as <code>&lt;CREDIT_CARD_1&gt;</code>):
          </p>
          <ul>
            {review.redactions.map((r, i) => (
              <li key={i}>
                {r.label} <span class="muted">({r.rule_name})</span> <code>{r.excerpt}</code>
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}

/** One checkpoint for its reviewer: what is asked, masked for display, its evaluations and votes, and the vote. */
export function CheckpointPage({ id }: { id: string }) {
  const { api, events } = useSession();
  const review = useLoader(() => api.get<CheckpointReview>(`/v1/checkpoints/${encodeURIComponent(id)}/review`), [api, id]);
  const [live, setLive] = useState<ReadonlyMap<string, Checkpoint>>(new Map());
  const now = useNow();

  useEffect(() => {
    setLive(new Map());
    return events.subscribe((e) => {
      if (e.checkpoint.checkpoint_id === id) setLive((m) => mergeCheckpoint(m, e.checkpoint));
    });
  }, [events, id]);

  const r = review.value;
  if (!r) {
    return (
      <section aria-labelledby="page-title">
        <PageTitle>Checkpoint</PageTitle>
        <p>
          <Link to="/">← Back to the queue</Link>
        </p>
        {review.loading && <p class="loading">Loading the checkpoint…</p>}
        <ErrorNotice error={review.error}>
          {review.error instanceof ApiError && review.error.status === 404 ? (
            <p>It may belong to another workspace, or the link is wrong.</p>
          ) : (
            <button type="button" onClick={review.reload}>
              Try again
            </button>
          )}
        </ErrorNotice>
      </section>
    );
  }
  const base = { ...r.checkpoint, revision: r.revision };
  const c = [...live.values()].reduce<Checkpoint>((cur, cand) => (mergeCheckpoint(new Map([[cur.checkpoint_id, cur]]), cand).get(cur.checkpoint_id) ?? cur), base);
  const q = quorumProgress(c);
  const left = timeLeft(c.expires_at, now);

  return (
    <article aria-labelledby="page-title" class="checkpoint">
      <p>
        <Link to="/">← Back to the queue</Link>
      </p>
      <div class="page-head">
        <PageTitle>{c.action}</PageTitle>
        <span class={`badge status-${c.status}`}>{c.status}</span>
      </div>
      <dl class="facts">
        <div>
          <dt>Agent</dt>
          <dd>{c.agent_name ?? c.agent_id ?? "unnamed agent"}{c.agent_id && c.agent_name ? ` (${c.agent_id})` : ""}</dd>
        </div>
        <div>
          <dt>Asked</dt>
          <dd>{localTime(c.created_at)}</dd>
        </div>
        <div>
          <dt>{c.status === "pending" ? "Expires in" : "Decided"}</dt>
          <dd class="num">{c.status === "pending" ? (left ?? "expiring…") : c.decided_at ? localTime(c.decided_at) : "—"}</dd>
        </div>
        <div>
          <dt>Approvals</dt>
          <dd class="num">
            {q.met} of {q.required}
          </dd>
        </div>
        {r.autonomy_level && (
          <div>
            <dt>Autonomy</dt>
            <dd>{r.autonomy_level}</dd>
          </div>
        )}
        <div>
          <dt>ID</dt>
          <dd>
            <code>{c.checkpoint_id}</code>
          </dd>
        </div>
      </dl>
      {c.reason && (
        <p class="notice" role="status">
          <strong>Reason:</strong> {c.reason}
        </p>
      )}
      <div class="columns">
        <div>
          <section class="card" aria-labelledby="context-title">
            <h2 id="context-title">Context</h2>
            {r.masked_text !== null ? <p class="muted">Shown with the payload below.</p> : r.context ? <p class="prose">{r.context}</p> : <p class="muted">None given.</p>}
            <h2>Reasoning</h2>
            {r.masked_text !== null ? <p class="muted">Shown with the payload below.</p> : r.reasoning ? <p class="prose">{r.reasoning}</p> : <p class="muted">None given.</p>}
          </section>
          <Payload review={r} />
        </div>
        <div>
          <VoteForm checkpoint={c} review={r} onVoted={(u) => setLive((m) => mergeCheckpoint(m, u))} />
          <section class="card" aria-labelledby="evals-title">
            <h2 id="evals-title">Policy evaluations</h2>
            {c.evals.length === 0 ? (
              <p class="muted">No policy applied: any reviewer with the decide scope settles it with one vote.</p>
            ) : (
              <div class="table-wrap">
                <table>
                  <thead>
                    <tr>
                      <th scope="col">Policy</th>
                      <th scope="col">Applies</th>
                      <th scope="col">Status</th>
                      <th scope="col">Quorum</th>
                    </tr>
                  </thead>
                  <tbody>
                    {c.evals.map((e) => (
                      <tr key={e.policy_id}>
                        <td>{e.policy_name}</td>
                        <td>{e.applicability === "applicable" ? "yes" : "no"}</td>
                        <td>
                          <span class={`badge status-${e.status}`}>{e.status}</span>
                        </td>
                        <td class="num">
                          {e.quorum_met}/{e.quorum_required} of {e.pool_size}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
            <ContentScan checkpoint={c} />
          </section>
          <section class="card" aria-labelledby="votes-title">
            <h2 id="votes-title">Votes</h2>
            {c.votes.length === 0 ? (
              <p class="muted">No votes yet.</p>
            ) : (
              <ul class="votes">
                {c.votes.map((v) => (
                  <li key={v.subject + v.at}>
                    <span class={`badge vote-${v.decision}`}>{v.decision}</span> <strong>{v.subject}</strong> <span class="muted">{localTime(v.at)}</span>
                    {v.reason && <p class="prose">{v.reason}</p>}
                  </li>
                ))}
              </ul>
            )}
          </section>
        </div>
      </div>
    </article>
  );
}

/** What the content scan a gated policy asked for found, and what it did (absent when nothing was scanned). */
function ContentScan({ checkpoint }: { checkpoint: Checkpoint }) {
  const gated = checkpoint.evals.filter((e) => e.scan?.scan_id);
  const scan = gated[0]?.scan;
  if (!scan) return null;
  const effects = gated.map((e) => `${e.policy_name}: ${e.scan!.effect === "blocked" ? "blocked" : e.scan!.effect === "review" ? "held for review" : "no effect"}`);
  return (
    <div>
      <h3>Content scan</h3>
      <p>
        Verdict <span class={`badge status-${scan.verdict === "block" ? "blocked" : scan.verdict === "flag" ? "pending" : "approved"}`}>{scan.verdict}</span>{" "}
        <span class="muted">{effects.join("; ")}</span>
      </p>
      {scan.matches.length > 0 && (
        <ul>
          {scan.matches.flatMap((m) =>
            m.findings.map((f, i) => (
              <li key={`${m.rule_name}-${i}`}>
                <strong>{m.rule_name}</strong> ({m.action}, {m.severity}): {f.label} in the {f.part} <code>{f.excerpt}</code>
              </li>
            )),
          )}
        </ul>
      )}
    </div>
  );
}
