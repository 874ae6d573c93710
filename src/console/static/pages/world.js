// World: domains, tenants and their addresses, users with memberships and roles, password hints,
// and "sign in as" (endpoint 1), showing the session id ready to copy.
import { html, useState } from '../vendor/preact-htm.mjs';
import { sessions, useSessions } from '../store.js';
import { SessionCard } from '../signin.js';
import { ErrorBox } from '../ui.js';

function SignInAs({ world, user }) {
  const [dns, setDns] = useState(user.memberships[0]?.tenant ?? '');
  const [error, setError] = useState();
  const [busy, setBusy] = useState(false);
  if (user.signIn !== 'password') return html`<span class="muted">—</span>`;
  const id = `as-${user.id}`;
  const go = async () => {
    setBusy(true);
    setError(undefined);
    try {
      await sessions.signIn(world, user.username, user.password, dns);
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  };
  return html`<div class="signin-as">
    <label class="sr-only" for=${id}>Tenant for ${user.username}</label>
    <select id=${id} value=${dns} onChange=${(e) => setDns(e.target.value)}>
      ${user.memberships.map((m) => html`<option value=${m.tenant}>${m.tenant}</option>`)}
    </select>
    <button type="button" class="small" disabled=${busy || !dns} onClick=${go} aria-label=${`Sign in as ${user.username}`}>Sign in as</button>
    <${ErrorBox} error=${error} />
  </div>`;
}

export function WorldPage({ world }) {
  const { currentSession } = useSessions();
  return html`
    ${currentSession && html`<section class="card" aria-labelledby="current-session"><h2 id="current-session">Current session</h2><${SessionCard} session=${currentSession} /></section>`}
    <section aria-labelledby="tenants-h">
      <h2 id="tenants-h">Domains and tenants</h2>
      <p class="muted">Fixtures: <code>${world.fixtures}</code>. API versions ${world.versions[0]} to ${world.latestVersion} (the console calls ${world.latestVersion}).</p>
      <div class="scroll"><table>
        <thead><tr><th scope="col">Domain</th><th scope="col">Id</th><th scope="col">DNS</th><th scope="col">Name</th><th scope="col">Status</th><th scope="col">Application</th><th scope="col">Session timeout</th><th scope="col">Addresses</th></tr></thead>
        <tbody>${world.domains.flatMap((d) => d.tenants.map((t) => html`<tr>
          <td>${d.name} <span class="muted">(${d.type})</span></td><td>${t.id}</td><td><code>${t.dns}</code></td><td>${t.name}</td>
          <td><span class=${t.status === 'Active' ? 'good' : 'bad'}>${t.status}</span></td><td>${t.application ?? ''}</td><td>${t.sessionTimeoutMinutes} min</td>
          <td class="addresses"><code>${t.addresses.path}</code><br /><code class="muted" title="By Host: the DNS name must resolve to the simulator">${t.addresses.host}</code></td>
        </tr>`))}</tbody>
      </table></div>
    </section>
    <section aria-labelledby="users-h">
      <h2 id="users-h">Users</h2>
      <div class="scroll"><table>
        <thead><tr><th scope="col">User</th><th scope="col">Status</th><th scope="col">Memberships and roles</th><th scope="col">Password hint</th><th scope="col">Sign in</th></tr></thead>
        <tbody>${world.users.map((u) => html`<tr>
          <td><code>${u.username}</code><br /><span class="muted">${u.name} · ${u.id}</span></td>
          <td>${u.status}</td>
          <td><ul class="plain">
            ${u.domainAdmin.map((d) => html`<li><strong>Domain administrator</strong> of ${d}</li>`)}
            ${u.memberships.map((m) => html`<li><code>${m.tenant}</code>: ${m.role}${m.active ? '' : ' (inactive)'}${m.groups.length ? html` <span class="muted">· ${m.groups.join(', ')}</span>` : ''}</li>`)}
          </ul></td>
          <td>${u.hint}</td>
          <td><${SignInAs} world=${world} user=${u} /></td>
        </tr>`)}</tbody>
      </table></div>
    </section>`;
}
