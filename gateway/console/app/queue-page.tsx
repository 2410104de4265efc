import { useEffect, useState } from "preact/hooks";
import type { Checkpoint, CheckpointList } from "./api-types.js";
import { mergeCheckpoint } from "./checkpoint-freshness.js";
import { age, timeLeft } from "./format-time.js";
import { EmptyState, ErrorNotice } from "./notice.js";
import { PageTitle } from "./page-title.js";
import { quorumProgress } from "./quorum.js";
import { Link } from "./router.js";
import { useSession } from "./session-context.js";
import { useNow } from "./use-now.js";

const PAGE_SIZE = 100;

function agentOf(c: Checkpoint): string {
  return c.agent_name ?? c.agent_id ?? "unnamed agent";
}

/** One queue row. Its height never changes, so updates and countdowns do not move the page. */
function QueueRow({ c, now }: { c: Checkpoint; now: number }) {
  const q = quorumProgress(c);
  const left = timeLeft(c.expires_at, now);
  const resolved = c.status !== "pending";
  return (
    <li class={`queue-row${resolved ? " resolved" : ""}`}>
      <div class="queue-main">
        <Link to={`/checkpoints/${encodeURIComponent(c.checkpoint_id)}`} class="queue-action">
          {c.action}
        </Link>
        <span class="queue-agent">{agentOf(c)}</span>
      </div>
      <dl class="queue-facts">
        <div>
          <dt>Age</dt>
          <dd class="num">{age(c.created_at, now)}</dd>
        </div>
        <div>
          <dt>{resolved ? "Status" : "Time left"}</dt>
          <dd class="num">{resolved ? <span class={`badge status-${c.status}`}>{c.status}</span> : left ?? "expiring…"}</dd>
        </div>
        <div>
          <dt>Approvals</dt>
          <dd class="num">
            <meter min={0} max={q.required} value={q.met} aria-label={`${q.met} of ${q.required} approvals`} />
            <span aria-hidden="true">
              {q.met}/{q.required}
            </span>
          </dd>
        </div>
      </dl>
    </li>
  );
}

/**
 * The reviewer queue: pending checkpoints, newest first, kept current by the
 * event stream. A checkpoint decided meanwhile stays in place, dimmed with
 * its outcome, until "Clear resolved" or a reload, so rows never shift under
 * the pointer; new ones are added on top (browsers' scroll anchoring keeps
 * the view still for a reader scrolled down).
 */
export function QueuePage() {
  const { api, events } = useSession();
  const [items, setItems] = useState<ReadonlyMap<string, Checkpoint>>(new Map());
  const [cursor, setCursor] = useState<string | null>(null);
  const [loaded, setLoaded] = useState(false);
  const [error, setError] = useState<unknown>(undefined);
  const [announce, setAnnounce] = useState("");
  const now = useNow();

  const load = async (from: string | null, reset: boolean) => {
    try {
      const page = await api.get<CheckpointList>(`/v1/checkpoints?status=pending&limit=${PAGE_SIZE}${from ? `&cursor=${encodeURIComponent(from)}` : ""}`);
      setItems((m) => page.checkpoints.reduce(mergeCheckpoint, reset ? keepResolved(m) : m));
      setCursor(page.next_cursor);
      setError(undefined);
    } catch (err) {
      setError(err);
    } finally {
      setLoaded(true);
    }
  };

  useEffect(() => {
    void load(null, true);
    const offEvents = events.subscribe((e) => {
      setItems((m) => {
        if (!m.has(e.checkpoint.checkpoint_id) && e.checkpoint.status !== "pending") return m;
        return mergeCheckpoint(m, e.checkpoint);
      });
      if (e.type === "checkpoint.created") setAnnounce(`New checkpoint: ${e.checkpoint.action} from ${agentOf(e.checkpoint)}`);
    });
    const offResync = events.onResync(() => void load(null, true));
    return () => {
      offEvents();
      offResync();
    };
  }, [api, events]);

  const list = [...items.values()].sort((a, b) => b.created_at.localeCompare(a.created_at) || b.checkpoint_id.localeCompare(a.checkpoint_id));
  const pending = list.filter((c) => c.status === "pending").length;
  const resolved = list.length - pending;

  return (
    <section aria-labelledby="page-title">
      <div class="page-head">
        <PageTitle>Queue</PageTitle>
        <p class="count num" aria-live="off">
          {pending} pending
        </p>
        {resolved > 0 && (
          <button type="button" class="quiet" onClick={() => setItems((m) => new Map([...m].filter(([, c]) => c.status === "pending")))}>
            Clear resolved ({resolved})
          </button>
        )}
      </div>
      <p class="sr-only" role="status" aria-live="polite">
        {announce}
      </p>
      <ErrorNotice error={error}>
        <button type="button" onClick={() => void load(null, true)}>
          Try again
        </button>
      </ErrorNotice>
      {!loaded && <p class="loading">Loading the queue…</p>}
      {loaded && !error && list.length === 0 && (
        <EmptyState title="Nothing is waiting for a decision.">New checkpoints appear here as agents ask, without reloading.</EmptyState>
      )}
      {list.length > 0 && (
        <ul class="queue" aria-label="Pending checkpoints">
          {list.map((c) => (
            <QueueRow key={c.checkpoint_id} c={c} now={now} />
          ))}
        </ul>
      )}
      {cursor && (
        <button type="button" onClick={() => void load(cursor, false)}>
          Load more
        </button>
      )}
    </section>
  );
}

// A reload of the first page keeps the rows already shown as resolved, so they do not vanish under the reader.
function keepResolved(m: ReadonlyMap<string, Checkpoint>): ReadonlyMap<string, Checkpoint> {
  return new Map([...m].filter(([, c]) => c.status !== "pending"));
}
