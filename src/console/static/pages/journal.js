// Journal: the last requests, newest first, polled every second; filtered by path (a glob, as in
// fault rules), user and status; one request's headers and bodies, and "copy as curl".
import { html, useEffect, useRef, useState } from '../vendor/preact-htm.mjs';
import { curlOf, sim } from '../api.js';
import { CopyButton, ErrorBox, Field, Json, time, usePolling } from '../ui.js';

const STATUSES = {
  '': ['any', () => true],
  SUCCESS: ['SUCCESS', (r) => r.responseStatus === 'SUCCESS'],
  FAILURE: ['FAILURE', (r) => r.responseStatus === 'FAILURE'],
  'not-200': ['HTTP status other than 200', (r) => r.status !== 200],
  fault: ['a fault rule fired', (r) => Boolean(r.fault)],
};

/** The request as curl (bodies as journaled: secrets stay masked). */
const curlFor = (r) => {
  const headers = Object.fromEntries(Object.entries(r.request.headers).filter(([k]) => !['host', 'content-length', 'connection'].includes(k)));
  return curlOf({ method: r.method, url: `${location.origin}${r.path}${r.query ? `?${r.query.replace(/^\?/, '')}` : ''}`, headers, body: r.request.body ?? undefined });
};

function Entry({ r, onClose }) {
  const shown = useRef();
  useEffect(() => shown.current?.scrollIntoView({ block: 'nearest' }), [r.id]);
  return html`<section class="card" aria-labelledby="entry-h" ref=${shown}>
    <h2 id="entry-h">${r.method} <code>${r.path}</code> <span class="muted">${r.id}</span></h2>
    <p>${time(r.time)} · ${r.operationId ?? 'no operation'} · HTTP ${r.status} ${r.responseStatus ?? ''} · ${r.durationMs} ms${r.fault ? ` · fault ${r.fault}` : ''}</p>
    <p class="actions"><${CopyButton} text=${curlFor(r)} label="Copy as curl" /> <button type="button" class="small" onClick=${onClose}>Close</button></p>
    <p class="muted">Secrets (passwords, session ids, tokens) are masked in the journal, so in the curl line too.</p>
    <div class="columns">
      <div><h3>Request headers</h3><${Json} value=${r.request.headers} /><h3>Request body</h3><${Json} value=${r.request.body ?? ''} /></div>
      <div><h3>Response headers</h3><${Json} value=${r.response.headers} /><h3>Response body</h3><${Json} value=${r.response.body ?? ''} /></div>
    </div>
  </section>`;
}

export function JournalPage() {
  const [filters, setFilters] = useState({ path: '', user: '', status: '' });
  const [rows, setRows] = useState();
  const [error, setError] = useState();
  const [open, setOpen] = useState();
  const [paused, setPaused] = useState(false);
  // With --no-journal the control plane answers 409: said once, and the page stops asking.
  const [off, setOff] = useState();
  usePolling(async () => {
    if (paused || off) return;
    const q = new URLSearchParams({ limit: '200' });
    if (filters.path.trim()) q.set('path', filters.path.trim());
    if (filters.user.trim()) q.set('user', filters.user.trim());
    try {
      setRows((await sim(`/journal?${q}`)).requests.reverse());
      setError(undefined);
    } catch (e) {
      if (e.status === 409) setOff(e.message);
      else setError(e);
    }
  }, 1000, [filters.path, filters.user, paused, off]);
  const set = (k) => (e) => setFilters({ ...filters, [k]: e.target.value });
  const shown = (rows ?? []).filter(STATUSES[filters.status][1]);
  const clear = async () => {
    try {
      await sim('/journal', { method: 'DELETE' });
      setRows([]);
      setOpen(undefined);
    } catch (e) {
      setError(e);
    }
  };
  return html`
    <form class="filters" onSubmit=${(e) => e.preventDefault()} aria-label="Filter the journal">
      <${Field} id="journal-path-glob" label="Path (glob)"><input id="journal-path-glob" value=${filters.path} onInput=${set('path')} placeholder="/api/*/objects/**" /><//>
      <${Field} id="journal-user" label="User"><input id="journal-user" value=${filters.user} onInput=${set('user')} placeholder="alice@acme.example" /><//>
      <${Field} id="journal-status" label="Status"><select id="journal-status" value=${filters.status} onChange=${set('status')}>${Object.entries(STATUSES).map(([k, [label]]) => html`<option value=${k}>${label}</option>`)}</select><//>
      <button type="button" onClick=${() => setPaused(!paused)} aria-pressed=${paused}>${paused ? 'Resume' : 'Pause'}</button>
      <button type="button" class="danger" onClick=${clear}>Empty the journal</button>
    </form>
    <p class="muted" role="status">${off ? `Not recording: ${off}` : `${paused ? 'Paused' : 'Live, every second'} · ${shown.length} request(s) shown, newest first`}</p>
    <${ErrorBox} error=${error} />
    <div class="scroll tall"><table aria-label="Requests">
      <thead><tr><th scope="col">Time</th><th scope="col">Method</th><th scope="col">Path</th><th scope="col">Operation</th><th scope="col">User</th><th scope="col">Tenant</th><th scope="col">HTTP</th><th scope="col">Status</th><th scope="col">ms</th><th scope="col"><span class="sr-only">Details</span></th></tr></thead>
      <tbody>${shown.map((r) => html`<tr class=${open?.id === r.id ? 'selected' : ''}>
        <td>${time(r.time)}</td><td>${r.method}</td><td class="path"><code>${r.path}${r.query ? `?${r.query.replace(/^\?/, '')}` : ''}</code></td><td>${r.operationId ?? ''}</td><td>${r.user ?? ''}</td><td>${r.tenant ?? ''}</td>
        <td>${r.status}</td><td><span class=${r.responseStatus === 'FAILURE' ? 'bad' : 'good'}>${r.responseStatus ?? ''}</span>${r.fault ? html` <span class="badge">${r.fault}</span>` : ''}</td><td>${r.durationMs}</td>
        <td><button type="button" class="small" onClick=${() => setOpen(r)} aria-label=${`Details of ${r.id}`}>Details</button></td>
      </tr>`)}</tbody>
    </table></div>
    ${open && html`<${Entry} r=${open} onClose=${() => setOpen(undefined)} />`}`;
}
