// Query: a VQL editor with history (this browser), results paged through next_page and
// previous_page, the describe panel, and the exact error with its position on a syntax error.
import { html, useRef, useState } from '../vendor/preact-htm.mjs';
import { service } from '../api.js';
import { NeedsSession } from '../signin.js';
import { ErrorBox, Json, cell } from '../ui.js';

const HISTORY = 'dms-sim-console:vql-history';
const history = () => JSON.parse(localStorage.getItem(HISTORY) ?? '[]');
const remember = (q) => localStorage.setItem(HISTORY, JSON.stringify([q, ...history().filter((x) => x !== q)].slice(0, 20)));

/** "… at position N" (0-based offset into the query), as the service words syntax errors. */
const positionOf = (message) => {
  const m = /at position (\d+)/i.exec(message);
  return m ? Number(m[1]) : undefined;
};

function ErrorPosition({ query, position }) {
  const before = query.slice(0, position);
  const lineStart = before.lastIndexOf('\n') + 1;
  const lineEnd = query.indexOf('\n', position) === -1 ? query.length : query.indexOf('\n', position);
  const line = query.slice(lineStart, lineEnd);
  const column = position - lineStart;
  return html`<figure class="error-position" aria-label="Where the query fails">
    <pre><code>${`${line}\n${' '.repeat(column)}^`}</code></pre>
    <figcaption>Line ${before.split('\n').length}, column ${column + 1} (offset ${position})</figcaption>
  </figure>`;
}

function Results({ answer }) {
  const rows = answer.data ?? [];
  const fields = answer.queryDescribe?.fields?.map((f) => f.name) ?? [...new Set(rows.flatMap((r) => Object.keys(r)))];
  const d = answer.responseDetails ?? {};
  return html`<div class="scroll"><table aria-label="Query results">
    <thead><tr>${fields.map((f) => html`<th scope="col">${f}</th>`)}</tr></thead>
    <tbody>${rows.map((r) => html`<tr>${fields.map((f) => html`<td>${cell(r[f])}</td>`)}</tr>`)}</tbody>
  </table></div>
  <p class="muted" role="status" data-testid="query-status">Rows ${rows.length ? d.offset + 1 : 0}–${(d.offset ?? 0) + rows.length} of ${d.total}</p>`;
}

function QueryEditor({ session }) {
  const [q, setQ] = useState(history()[0] ?? 'SELECT id, name__v, status__v FROM documents ORDER BY id PAGESIZE 5');
  const [describe, setDescribe] = useState(true);
  const [answer, setAnswer] = useState();
  const [error, setError] = useState();
  const [failedQuery, setFailedQuery] = useState('');
  const [busy, setBusy] = useState(false);
  const [past, setPast] = useState(history());
  const editor = useRef();
  const headers = () => (describe ? { 'X-TenantAPI-DescribeQuery': 'true' } : {});
  const call = async (fn) => {
    setBusy(true);
    setError(undefined);
    try {
      setAnswer((await fn()).json);
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  };
  const run = (e) => {
    e?.preventDefault();
    remember(q);
    setPast(history());
    setFailedQuery(q);
    setAnswer(undefined);
    call(() => service(session, '/query', { method: 'POST', form: { q }, headers: headers() }));
  };
  const page = (link) => call(() => service(session, new URL(link).pathname + new URL(link).search, { headers: headers() }));
  const position = error?.errors?.length ? positionOf(error.errors[0].message) : undefined;
  const showAt = () => {
    editor.current.focus();
    editor.current.setSelectionRange(position, position + 1);
  };
  const d = answer?.responseDetails ?? {};
  return html`
    <form class="query" onSubmit=${run} aria-label="VQL query">
      <label for="vql">VQL</label>
      <textarea id="vql" ref=${editor} rows="5" spellcheck=${false} value=${q} onInput=${(e) => setQ(e.target.value)}
        onKeyDown=${(e) => (e.key === 'Enter' && (e.ctrlKey || e.metaKey) ? run(e) : undefined)} aria-describedby="vql-help"></textarea>
      <p id="vql-help" class="muted">Ctrl+Enter runs the query. <code>PAGESIZE n</code> pages the answer.</p>
      <div class="actions">
        <button type="submit" disabled=${busy}>Run query</button>
        <label><input type="checkbox" checked=${describe} onChange=${(e) => setDescribe(e.target.checked)} /> Describe (<code>X-TenantAPI-DescribeQuery</code>)</label>
        ${past.length > 0 && html`<label for="vql-history">History</label> <select id="vql-history" onChange=${(e) => e.target.value && setQ(e.target.value)} value="">
          <option value="">(earlier queries)</option>${past.map((h) => html`<option value=${h}>${h.length > 90 ? `${h.slice(0, 90)}…` : h}</option>`)}
        </select>`}
      </div>
    </form>
    <${ErrorBox} error=${error} />
    ${position !== undefined && html`<${ErrorPosition} query=${failedQuery} position=${position} /><button type="button" class="small" onClick=${showAt}>Show in the editor</button>`}
    ${answer && html`<section aria-label="Answer">
      <nav class="pager" aria-label="Pages of the answer">
        <button type="button" disabled=${busy || !d.previous_page} onClick=${() => page(d.previous_page)}>Previous page</button>
        <button type="button" disabled=${busy || !d.next_page} onClick=${() => page(d.next_page)}>Next page</button>
        ${d.next_page && html`<code class="muted">${new URL(d.next_page).pathname}${new URL(d.next_page).search}</code>`}
      </nav>
      <div class="columns wide-left">
        <div><${Results} answer=${answer} /></div>
        ${answer.queryDescribe && html`<aside aria-labelledby="describe-h"><h2 id="describe-h">Describe</h2>
          <p><strong>${answer.queryDescribe.object?.label_plural ?? answer.queryDescribe.object?.name}</strong> <code class="muted">${answer.queryDescribe.object?.name}</code></p>
          <table><thead><tr><th scope="col">Field</th><th scope="col">Type</th><th scope="col">Label</th></tr></thead>
          <tbody>${answer.queryDescribe.fields.map((f) => html`<tr><td><code>${f.name}</code></td><td>${f.type}</td><td>${f.label}</td></tr>`)}</tbody></table>
          <details><summary>Describe as JSON</summary><${Json} value=${answer.queryDescribe} /></details>
        </aside>`}
      </div>
    </section>`}`;
}

export const QueryPage = ({ world }) => html`<${NeedsSession} world=${world}>${(session) => html`
  <p class="muted">As <strong>${session.username}</strong> in <strong>${session.tenant}</strong>: <code>POST /tenants/${session.tenant}/api/${session.version}/query</code></p>
  <${QueryEditor} session=${session} key=${session.key} />`}<//>`;
