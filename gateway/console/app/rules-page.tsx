import { useState } from "preact/hooks";
import { ApiError } from "./api-error.js";
import type { Library, Rule, RuleStatus, RuleType, ScanVerdict } from "./api-types.js";
import { HighlightedText } from "./highlighted-text.js";
import { EmptyState, ErrorNotice } from "./notice.js";
import { PageTitle } from "./page-title.js";
import { useSession } from "./session-context.js";
import { useLoader } from "./use-loader.js";

const TYPES: { value: RuleType; label: string; help: string }[] = [
  { value: "prompt_pattern", label: "Prompt pattern", help: "Literal phrases or /regular expressions/ to catch in prompts." },
  { value: "data_pattern", label: "Data pattern", help: "Sensitive data: patterns and/or built-in pattern libraries." },
  { value: "tool_call", label: "Tool call", help: "Tool names (globs such as shell.*) an agent may not call unchecked." },
  { value: "policy_dsl", label: "Policy (CEL)", help: "CEL conditions, one per line." },
];

const lines = (s: string) => s.split("\n").map((l) => l.trim()).filter(Boolean);

function CreateRuleForm({ libraries, onCreated }: { libraries: Library[]; onCreated: (r: Rule) => void }) {
  const { api } = useSession();
  const [name, setName] = useState("");
  const [type, setType] = useState<RuleType>("prompt_pattern");
  const [action, setAction] = useState("flag");
  const [severity, setSeverity] = useState("medium");
  const [entries, setEntries] = useState("");
  const [libs, setLibs] = useState<string[]>([]);
  const [error, setError] = useState<unknown>(undefined);
  const [busy, setBusy] = useState(false);

  const field = type === "tool_call" ? "tool_names" : type === "policy_dsl" ? "dsl_statements" : "custom_patterns";
  const entriesLabel = type === "tool_call" ? "Tool names (one per line)" : type === "policy_dsl" ? "CEL statements (one per line)" : "Patterns (one per line)";

  const submit = async (e: Event) => {
    e.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      const body: Record<string, unknown> = { name: name.trim(), type, action, severity, status: "draft", [field]: lines(entries) };
      if (type === "data_pattern" && libs.length > 0) body.pattern_library_ids = libs;
      const res = await api.post<{ rule: Rule }>("/v1/secure/rules", body);
      setName("");
      setEntries("");
      setLibs([]);
      onCreated(res.rule);
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form class="card" onSubmit={submit} aria-labelledby="create-rule-title">
      <h2 id="create-rule-title">New rule (saved as a draft)</h2>
      <div class="grid-2">
        <div class="field">
          <label for="rule-name">Name</label>
          <input id="rule-name" required value={name} onInput={(e) => setName((e.target as HTMLInputElement).value)} />
        </div>
        <div class="field">
          <label for="rule-type">Type</label>
          <select id="rule-type" value={type} onChange={(e) => setType((e.target as HTMLSelectElement).value as RuleType)} aria-describedby="rule-type-help">
            {TYPES.map((t) => (
              <option key={t.value} value={t.value}>
                {t.label}
              </option>
            ))}
          </select>
          <p id="rule-type-help" class="help">
            {TYPES.find((t) => t.value === type)!.help}
          </p>
        </div>
        <div class="field">
          <label for="rule-action">Action on a match</label>
          <select id="rule-action" value={action} onChange={(e) => setAction((e.target as HTMLSelectElement).value)}>
            <option value="block">block</option>
            <option value="flag">flag</option>
            <option value="log">log</option>
          </select>
        </div>
        <div class="field">
          <label for="rule-severity">Severity</label>
          <select id="rule-severity" value={severity} onChange={(e) => setSeverity((e.target as HTMLSelectElement).value)}>
            <option value="critical">critical</option>
            <option value="high">high</option>
            <option value="medium">medium</option>
            <option value="low">low</option>
          </select>
        </div>
      </div>
      <div class="field">
        <label for="rule-entries">{entriesLabel}</label>
        <textarea id="rule-entries" rows={3} value={entries} onInput={(e) => setEntries((e.target as HTMLTextAreaElement).value)} spellcheck={false} />
      </div>
      {type === "data_pattern" && libraries.length > 0 && (
        <fieldset>
          <legend>Pattern libraries</legend>
          {libraries.map((l) => (
            <label key={l.id} class="check">
              <input
                type="checkbox"
                checked={libs.includes(l.id)}
                onChange={(e) => setLibs((cur) => ((e.target as HTMLInputElement).checked ? [...cur, l.id] : cur.filter((x) => x !== l.id)))}
              />{" "}
              {l.name}
            </label>
          ))}
        </fieldset>
      )}
      <ErrorNotice error={error} />
      <button type="submit" class="primary" disabled={busy}>
        {busy ? "Creating…" : "Create draft"}
      </button>
    </form>
  );
}

function TryRulePanel({ rule }: { rule: Rule }) {
  const { api } = useSession();
  const [text, setText] = useState("");
  const [scanType, setScanType] = useState(rule.type === "tool_call" ? "tool_call" : rule.data_direction === "outbound" ? "output" : "prompt_input");
  const [toolName, setToolName] = useState("");
  const [result, setResult] = useState<{ text: string; verdict: ScanVerdict } | null>(null);
  const [error, setError] = useState<unknown>(undefined);
  const [busy, setBusy] = useState(false);
  const id = rule.id.replace(/[^\w-]/g, "_");

  const run = async (e: Event) => {
    e.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      const verdict = await api.post<ScanVerdict>(`/v1/secure/rules/${encodeURIComponent(rule.id)}/try`, {
        content: text,
        scan_type: scanType,
        ...(scanType === "tool_call" ? { tool_name: toolName } : {}),
      });
      setResult({ text, verdict });
    } catch (err) {
      setError(err);
      setResult(null);
    } finally {
      setBusy(false);
    }
  };
  const findings = result ? result.verdict.matches.flatMap((m) => m.findings) : [];
  return (
    <form class="try" onSubmit={run} aria-label={`Try ${rule.name}`}>
      <div class="field">
        <label for={`try-text-${id}`}>Sample text</label>
        <textarea id={`try-text-${id}`} rows={3} value={text} onInput={(e) => setText((e.target as HTMLTextAreaElement).value)} />
      </div>
      <div class="grid-2">
        <div class="field">
          <label for={`try-type-${id}`}>Scan type</label>
          <select id={`try-type-${id}`} value={scanType} onChange={(e) => setScanType((e.target as HTMLSelectElement).value)}>
            <option value="prompt_input">prompt_input</option>
            <option value="tool_call">tool_call</option>
            <option value="output">output</option>
          </select>
        </div>
        {scanType === "tool_call" && (
          <div class="field">
            <label for={`try-tool-${id}`}>Tool name</label>
            <input id={`try-tool-${id}`} value={toolName} onInput={(e) => setToolName((e.target as HTMLInputElement).value)} />
          </div>
        )}
      </div>
      <ErrorNotice error={error} />
      <button type="submit" disabled={busy}>
        {busy ? "Trying…" : "Try rule"}
      </button>
      {result && (
        <div class="try-result" role="status" aria-live="polite">
          <p>
            Result: <span class={`badge verdict-${result.verdict.verdict}`}>{result.verdict.verdict}</span>{" "}
            {findings.length === 0
              ? "— the rule found nothing in this text."
              : `— ${findings.length} finding${findings.length === 1 ? "" : "s"}: ${[...new Set(findings.map((f) => f.label))].join(", ")}.`}
          </p>
          {findings.length > 0 && <HighlightedText text={result.text} findings={findings} />}
          {result.verdict.unevaluated.map((u) => (
            <p key={u.rule_id} class="muted">
              Not evaluated: {u.reason}
            </p>
          ))}
        </div>
      )}
    </form>
  );
}

function RuleRow({ rule, onChanged, onConflict }: { rule: Rule; onChanged: (r: Rule) => void; onConflict: (message: string) => void }) {
  const { api } = useSession();
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<unknown>(undefined);
  const [busy, setBusy] = useState(false);

  const setStatus = async (status: RuleStatus) => {
    setBusy(true);
    setError(undefined);
    try {
      // If-Match: only the version this page shows may be changed.
      const res = await api.patch<{ rule: Rule }>(`/v1/secure/rules/${encodeURIComponent(rule.id)}`, { status }, { "if-match": `"${rule.version}"` });
      onChanged(res.rule);
    } catch (err) {
      if (err instanceof ApiError && err.code === "VERSION_MISMATCH") {
        onConflict(`"${rule.name}" was changed elsewhere since this page loaded it (you had version ${rule.version}). The list has been reloaded: check it and try again.`);
      } else setError(err);
    } finally {
      setBusy(false);
    }
  };
  const entries = [...rule.custom_patterns, ...rule.tool_names, ...rule.dsl_statements, ...rule.pattern_library_ids.map((l) => `library: ${l}`)];
  return (
    <li class="card rule">
      <div class="rule-head">
        <h3>{rule.name}</h3>
        <span class={`badge status-${rule.status}`}>{rule.status}</span>
        {rule.is_built_in && <span class="badge">built in</span>}
      </div>
      <p class="muted">
        {rule.type} · {rule.action} · {rule.severity} · version {rule.version} · {rule.trigger_count} trigger{rule.trigger_count === 1 ? "" : "s"}
      </p>
      {entries.length > 0 && (
        <p class="entries">
          {entries.map((e) => (
            <code key={e}>{e}</code>
          ))}
        </p>
      )}
      <ErrorNotice error={error} />
      <div class="actions">
        <button type="button" aria-expanded={open} aria-controls={`try-${rule.id}`} onClick={() => setOpen(!open)}>
          {open ? "Close trial" : "Try it"}
        </button>
        {!rule.is_built_in && rule.status !== "active" && (
          <button type="button" class="primary" disabled={busy} onClick={() => void setStatus("active")}>
            Activate
          </button>
        )}
        {!rule.is_built_in && rule.status === "active" && (
          <button type="button" disabled={busy} onClick={() => void setStatus("draft")}>
            Deactivate
          </button>
        )}
      </div>
      {open && (
        <div id={`try-${rule.id}`}>
          <TryRulePanel rule={rule} />
        </div>
      )}
    </li>
  );
}

/** Content-safety rules: list, create as draft, try on sample text, activate and deactivate (with the version check). */
export function RulesPage() {
  const { api } = useSession();
  const [filter, setFilter] = useState<RuleStatus | "">("");
  const rules = useLoader(() => api.get<{ rules: Rule[] }>(`/v1/secure/rules${filter ? `?status=${filter}` : ""}`).then((r) => r.rules), [api, filter]);
  const libraries = useLoader(() => api.get<{ libraries: Library[] }>("/v1/secure/libraries").then((r) => r.libraries), [api]);
  const [changed, setChanged] = useState<ReadonlyMap<string, Rule>>(new Map());
  const [conflict, setConflict] = useState<string | null>(null);
  const [created, setCreated] = useState<string | null>(null);

  const list = (rules.value ?? []).map((r) => {
    const c = changed.get(r.id);
    return c && c.version > r.version ? c : r;
  });
  return (
    <section aria-labelledby="page-title">
      <PageTitle>Rules</PageTitle>
      <p class="lede">Drafts affect no scan. Try a draft on sample text, then activate it.</p>
      {created && (
        <p class="notice notice-ok" role="status">
          {created}
        </p>
      )}
      {conflict && (
        <p class="notice notice-warn" role="alert">
          {conflict}
        </p>
      )}
      <CreateRuleForm
        libraries={libraries.value ?? []}
        onCreated={(r) => {
          setCreated(`Draft "${r.name}" created. Try it below before activating it.`);
          rules.reload();
        }}
      />
      <div class="filters">
        <div class="field">
          <label for="rule-filter">Show</label>
          <select id="rule-filter" value={filter} onChange={(e) => setFilter((e.target as HTMLSelectElement).value as RuleStatus | "")}>
            <option value="">All rules</option>
            <option value="draft">Drafts</option>
            <option value="active">Active</option>
            <option value="archived">Archived</option>
          </select>
        </div>
      </div>
      <ErrorNotice error={rules.error}>
        <button type="button" onClick={rules.reload}>
          Try again
        </button>
      </ErrorNotice>
      {rules.loading && !rules.value && <p class="loading">Loading rules…</p>}
      {rules.value && list.length === 0 && <EmptyState title="No rules to show.">Create a draft above.</EmptyState>}
      <ul class="rules" aria-label="Rules">
        {list.map((r) => (
          <RuleRow
            key={r.id}
            rule={r}
            onChanged={(u) => {
              setConflict(null);
              setChanged((m) => new Map(m).set(u.id, u));
            }}
            onConflict={(message) => {
              setConflict(message);
              setChanged(new Map());
              rules.reload();
            }}
          />
        ))}
      </ul>
    </section>
  );
}
