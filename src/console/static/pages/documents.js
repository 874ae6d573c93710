// Documents: what the acting user sees in its tenant (endpoint 21 with its own parameters), paged;
// one document's metadata, versions, renditions, thumbnail, file download and check-out state.
import { html, useEffect, useRef, useState } from '../vendor/preact-htm.mjs';
import { service } from '../api.js';
import { NeedsSession } from '../signin.js';
import { ErrorBox, Field, Json, cell, useLoad } from '../ui.js';

const SORTABLE = ['id', 'name__v', 'document_number__v', 'type__v', 'status__v', 'version_modified_date__v'];
const COLUMNS = [['id', 'Id'], ['name__v', 'Name'], ['document_number__v', 'Number'], ['type__v', 'Type'], ['status__v', 'Status'], ['version', 'Version'], ['locked__v', 'Checked out']];

/** A file of the service fetched with the session (an <img> or a link cannot send the header). */
function useBlobUrl(session, path) {
  const [url, setUrl] = useState();
  const [error, setError] = useState();
  useEffect(() => {
    let made;
    let live = true;
    setUrl(undefined);
    setError(undefined);
    if (!path) return undefined;
    service(session, path, { expect: 'blob' }).then((r) => {
      if (!live) return;
      if (r.blob) setUrl((made = URL.createObjectURL(r.blob)));
    }, (e) => live && setError(e));
    return () => {
      live = false;
      if (made) URL.revokeObjectURL(made);
    };
  }, [session.key, path]);
  return [url, error];
}

function DownloadButton({ session, path, filename, label }) {
  const [error, setError] = useState();
  const go = async () => {
    setError(undefined);
    try {
      const r = await service(session, path, { expect: 'blob' });
      const a = document.createElement('a');
      a.href = URL.createObjectURL(r.blob);
      a.download = filename;
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
    } catch (e) {
      setError(e);
    }
  };
  return html`<button type="button" class="small" onClick=${go}>${label}</button><${ErrorBox} error=${error} />`;
}

function DocumentView({ session, world, id, onClose }) {
  const [data, error] = useLoad(async () => {
    const [doc, versions, lock] = await Promise.all([
      service(session, `/objects/documents/${id}`),
      service(session, `/objects/documents/${id}/versions`),
      service(session, `/objects/documents/${id}/lock`),
    ]);
    return { doc: doc.json, versions: versions.json.versions ?? [], lock: lock.json.lock };
  }, [session.key, id]);
  const d = data?.doc.document;
  const shown = useRef();
  useEffect(() => shown.current?.scrollIntoView({ block: 'nearest' }), [Boolean(d)]);
  const [thumb, thumbError] = useBlobUrl(session, d ? `/objects/documents/${id}/versions/${d.major_version_number__v}/${d.minor_version_number__v}/thumbnail` : undefined);
  if (error) return html`<section class="card"><${ErrorBox} error=${error} /><button type="button" onClick=${onClose}>Close</button></section>`;
  if (!d) return html`<p class="loading">Loading document ${id}…</p>`;
  const renditions = Object.entries(data.doc.renditions ?? {});
  return html`<section class="card document" aria-labelledby="doc-title" ref=${shown}>
    <div class="doc-head">
      <div>
        <h2 id="doc-title">${d.name__v} <span class="muted">#${d.id} v${d.major_version_number__v}.${d.minor_version_number__v}</span></h2>
        <p>${d.type__v}${d.subtype__v ? ` › ${d.subtype__v}` : ''} · <strong>${d.status__v}</strong> · ${d.filename__v ?? 'no file'}</p>
        <p data-testid="checkout">${data.lock
          ? html`<span class="bad">Checked out</span> by ${world.users.find((u) => u.id === data.lock.locked_by__v)?.username ?? 'user'} (${data.lock.locked_by__v}) since ${data.lock.locked_date__v}`
          : html`<span class="good">Not checked out</span>`}</p>
        <p class="actions">
          ${d.filename__v && html`<${DownloadButton} session=${session} path=${`/objects/documents/${id}/file`} filename=${d.filename__v} label="Download file" />`}
          <button type="button" class="small" onClick=${onClose}>Close</button>
        </p>
      </div>
      <figure class="thumb">
        ${thumb ? html`<img src=${thumb} alt=${`Thumbnail of ${d.name__v}`} width="120" />` : thumbError ? html`<figcaption>No thumbnail: ${thumbError.message}</figcaption>` : html`<figcaption>Loading thumbnail…</figcaption>`}
      </figure>
    </div>
    <div class="columns">
      <div>
        <h3>Versions</h3>
        <ul>${data.versions.map((v) => html`<li>${v.number} <code class="muted">${new URL(v.value).pathname}</code></li>`)}</ul>
        <h3>Renditions</h3>
        ${renditions.length === 0 ? html`<p class="muted">None</p>` : html`<ul>${renditions.map(([type, url]) => html`<li><code>${type}</code> <${DownloadButton} session=${session} path=${new URL(url).pathname} filename=${`${d.id}-${type}`} label=${`Download ${type}`} /></li>`)}</ul>`}
      </div>
      <div>
        <h3>Metadata</h3>
        <${Json} value=${d} />
      </div>
    </div>
  </section>`;
}

function DocumentList({ session, world }) {
  const [form, setForm] = useState({ search: '', scope: '', versionscope: '', named_filter: '', sortField: 'id', sortDir: 'ASC', limit: 10 });
  const [params, setParams] = useState({ ...form, start: 0 });
  const [open, setOpen] = useState();
  const [list, error] = useLoad(() => {
    const q = new URLSearchParams({ limit: String(params.limit), start: String(params.start), sort: `${params.sortField} ${params.sortDir}` });
    for (const k of ['search', 'scope', 'versionscope', 'named_filter']) if (params[k]) q.set(k, params[k]);
    return service(session, `/objects/documents?${q}`).then((r) => r.json);
  }, [session.key, JSON.stringify(params)]);
  const set = (k) => (e) => setForm({ ...form, [k]: e.target.value });
  const apply = (e) => {
    e.preventDefault();
    setParams({ ...form, start: 0 });
  };
  const docs = (list?.documents ?? []).map((x) => x.document);
  return html`
    <form class="filters" onSubmit=${apply} aria-label="Filter documents">
      <${Field} id="docs-search" label="Search"><input id="docs-search" type="search" value=${form.search} onInput=${set('search')} /><//>
      <${Field} id="docs-scope" label="Scope"><select id="docs-scope" value=${form.scope} onChange=${set('scope')}><option value="">(default)</option><option value="contents">contents</option><option value="all">all</option></select><//>
      <${Field} id="docs-versions" label="Versions"><select id="docs-versions" value=${form.versionscope} onChange=${set('versionscope')}><option value="">latest</option><option value="all">all</option></select><//>
      <${Field} id="docs-named-filter" label="Named filter"><select id="docs-named-filter" value=${form.named_filter} onChange=${set('named_filter')}><option value="">(none)</option>${['My Documents', 'Favorites', 'Recent Documents', 'Cart'].map((n) => html`<option value=${n}>${n}</option>`)}</select><//>
      <${Field} id="docs-sort-by" label="Sort by"><select id="docs-sort-by" value=${form.sortField} onChange=${set('sortField')}>${SORTABLE.map((f) => html`<option value=${f}>${f}</option>`)}</select><//>
      <${Field} id="docs-order" label="Order"><select id="docs-order" value=${form.sortDir} onChange=${set('sortDir')}><option value="ASC">ascending</option><option value="DESC">descending</option></select><//>
      <${Field} id="docs-per-page" label="Per page"><select id="docs-per-page" value=${form.limit} onChange=${set('limit')}>${[10, 25, 50, 200].map((n) => html`<option value=${n}>${n}</option>`)}</select><//>
      <button type="submit">Apply</button>
    </form>
    <${ErrorBox} error=${error} />
    ${list && html`<div class="scroll"><table aria-label="Documents">
      <thead><tr>${COLUMNS.map(([, label]) => html`<th scope="col">${label}</th>`)}<th scope="col"><span class="sr-only">Open</span></th></tr></thead>
      <tbody>${docs.map((d) => html`<tr class=${open === d.id ? 'selected' : ''}>
        ${COLUMNS.map(([k]) => html`<td>${k === 'version' ? `${d.major_version_number__v}.${d.minor_version_number__v}` : k === 'locked__v' ? (d.locked__v ? 'yes' : '') : cell(d[k])}</td>`)}
        <td><button type="button" class="small" onClick=${() => setOpen(d.id)} aria-label=${`Open document ${d.id}`}>Open</button></td>
      </tr>`)}</tbody>
    </table></div>
    <nav class="pager" aria-label="Pages of documents">
      <button type="button" disabled=${params.start === 0} onClick=${() => setParams({ ...params, start: Math.max(0, params.start - Number(params.limit)) })}>Previous page</button>
      <span role="status">Documents ${docs.length ? params.start + 1 : 0}–${params.start + docs.length}</span>
      <button type="button" disabled=${docs.length < Number(params.limit)} onClick=${() => setParams({ ...params, start: params.start + Number(params.limit) })}>Next page</button>
    </nav>`}
    ${open !== undefined && html`<${DocumentView} session=${session} world=${world} id=${open} onClose=${() => setOpen(undefined)} key=${open} />`}`;
}

export const DocumentsPage = ({ world }) => html`<${NeedsSession} world=${world}>${(session) => html`
  <p class="muted">As <strong>${session.username}</strong> in <strong>${session.tenant}</strong>: <code>GET /tenants/${session.tenant}/api/${session.version}/objects/documents</code></p>
  <${DocumentList} session=${session} world=${world} key=${session.key} />`}<//>`;
