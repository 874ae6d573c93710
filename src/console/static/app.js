// The dms-sim console: a shell (header, navigation, the session it acts as, the simulated clock)
// and one page per hash route. Every value shown comes from the service API or /_sim/.
import { html, render, useEffect, useState } from './vendor/preact-htm.mjs';
import { controlToken, loadWorld, sim, SimError } from './api.js';
import { ActingAs } from './signin.js';
import { ErrorBox, time, usePolling } from './ui.js';
import { WorldPage } from './pages/world.js';
import { DocumentsPage } from './pages/documents.js';
import { QueryPage } from './pages/query.js';
import { ConfigurationPage } from './pages/configuration.js';
import { SessionsPage } from './pages/sessions.js';
import { JournalPage } from './pages/journal.js';
import { FaultsPage } from './pages/faults.js';

const PAGES = [
  { id: 'world', title: 'World', Page: WorldPage },
  { id: 'documents', title: 'Documents', Page: DocumentsPage },
  { id: 'query', title: 'Query', Page: QueryPage },
  { id: 'configuration', title: 'Configuration', Page: ConfigurationPage },
  { id: 'sessions', title: 'Sessions', Page: SessionsPage },
  { id: 'journal', title: 'Journal', Page: JournalPage },
  { id: 'faults', title: 'Faults and clock', Page: FaultsPage },
];

const route = () => {
  const id = location.hash.replace(/^#\/?/, '').split('/')[0];
  return PAGES.find((p) => p.id === id) ?? PAGES[0];
};

function Clock() {
  const [clock, setClock] = useState();
  usePolling(async () => setClock(await sim('/clock').catch(() => undefined)), 1000, []);
  if (!clock) return null;
  return html`<span class="clock" title="The simulated clock">
    <span class="label">Simulated time</span> <time datetime=${clock.now}>${time(clock.now)}</time>${clock.frozen ? html` <span class="badge">frozen</span>` : ''}
  </span>`;
}

function TokenForm({ onSaved }) {
  const [value, setValue] = useState(controlToken.get());
  return html`<form class="card" onSubmit=${(e) => (e.preventDefault(), controlToken.set(value.trim()), onSaved())}>
    <h2>Control token</h2>
    <p>This simulator's control plane needs the header <code>X-Sim-Control-Token</code> (started with <code>--control-token</code>).</p>
    <label for="control-token">Token</label> <input id="control-token" type="password" value=${value} onInput=${(e) => setValue(e.target.value)} />
    <button type="submit">Use it</button>
  </form>`;
}

function App() {
  const [page, setPage] = useState(route());
  const [world, setWorld] = useState();
  const [error, setError] = useState();
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    // Only `#/<page>` routes; another fragment (the skip link's `#main`) stays on the page.
    const onHash = () => location.hash.startsWith('#/') && setPage(route());
    addEventListener('hashchange', onHash);
    return () => removeEventListener('hashchange', onHash);
  }, []);
  useEffect(() => {
    setError(undefined);
    loadWorld(attempt > 0).then(setWorld, setError);
  }, [attempt]);
  useEffect(() => {
    document.title = `${page.title} · dms-sim console`;
  }, [page]);
  const needsToken = error instanceof SimError && error.status === 401;
  const { Page } = page;
  return html`
    <header class="top" role="banner">
      <div class="brand"><span class="logo" aria-hidden="true">◧</span> dms-sim <span class="muted">console</span></div>
      <nav aria-label="Pages">
        <ul>${PAGES.map((p) => html`<li><a href=${`#/${p.id}`} aria-current=${p === page ? 'page' : undefined}>${p.title}</a></li>`)}</ul>
      </nav>
      <div class="status"><${ActingAs} /><${Clock} /></div>
    </header>
    <main id="main" tabindex="-1">
      <h1>${page.title}</h1>
      ${needsToken ? html`<${TokenForm} onSaved=${() => setAttempt((n) => n + 1)} />` : html`<${ErrorBox} error=${error} />`}
      ${world ? html`<${Page} world=${world} />` : !error && html`<p class="loading">Loading the world…</p>`}
    </main>`;
}

const root = document.getElementById('app');
root.textContent = '';
render(html`<${App} />`, root);
