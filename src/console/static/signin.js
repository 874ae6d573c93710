// "Sign in as": endpoint 1 at a tenant's address, as a client would; and the "acting as" picker.
import { html, useState } from './vendor/preact-htm.mjs';
import { curlOf } from './api.js';
import { sessions, useSessions } from './store.js';
import { Copyable, ErrorBox } from './ui.js';

/** The session id ready to copy as an Authorization header and as a curl line. */
export function SessionCard({ session }) {
  const url = `${location.origin}/tenants/${session.tenant}/api/${session.version}/objects/documents`;
  return html`<div class="session-card" aria-label="Signed-in session">
    <p>Signed in as <strong>${session.username}</strong> in <strong>${session.tenant}</strong>${session.ended ? html` — <span class="bad">ended</span>` : ''}</p>
    <${Copyable} label="Session id" text=${session.sessionId} />
    <${Copyable} label="Header" text=${`Authorization: ${session.sessionId}`} />
    <${Copyable} label="curl" text=${curlOf({ url, headers: { Authorization: session.sessionId } })} />
  </div>`;
}

/** Picks a persona with a password and one of its tenants, and signs in. */
export function SignInForm({ world, onSignedIn, idPrefix = 'signin' }) {
  const people = world.users.filter((u) => u.signIn === 'password');
  const [username, setUsername] = useState(people[0]?.username ?? '');
  const user = people.find((u) => u.username === username);
  const [dns, setDns] = useState('');
  const [error, setError] = useState();
  const [busy, setBusy] = useState(false);
  const tenant = dns && user?.memberships.some((m) => m.tenant === dns) ? dns : (user?.memberships[0]?.tenant ?? '');
  const submit = async (e) => {
    e.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      const s = await sessions.signIn(world, username, user.password, tenant);
      onSignedIn?.(s);
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };
  return html`<form class="inline-form" onSubmit=${submit} aria-label="Sign in">
    <label for=${`${idPrefix}-user`}>User</label>
    <select id=${`${idPrefix}-user`} value=${username} onChange=${(e) => setUsername(e.target.value)}>
      ${people.map((u) => html`<option value=${u.username}>${u.username}</option>`)}
    </select>
    <label for=${`${idPrefix}-tenant`}>Tenant</label>
    <select id=${`${idPrefix}-tenant`} value=${tenant} onChange=${(e) => setDns(e.target.value)}>
      ${(user?.memberships ?? []).map((m) => html`<option value=${m.tenant}>${m.tenant}</option>`)}
    </select>
    <button type="submit" disabled=${busy || !tenant}>Sign in</button>
    <${ErrorBox} error=${error} />
  </form>`;
}

/** The header's picker of the session the service pages act as. */
export function ActingAs() {
  const { list, current } = useSessions();
  if (list.length === 0) return html`<span class="acting">Not signed in</span>`;
  return html`<span class="acting">
    <label for="acting-as">Acting as</label>
    <select id="acting-as" value=${current ?? ''} onChange=${(e) => sessions.use(e.target.value)}>
      ${current ? null : html`<option value="">(choose)</option>`}
      ${list.map((s) => html`<option value=${s.key}>${s.username} @ ${s.tenant}${s.ended ? ' (ended)' : ''}</option>`)}
    </select>
  </span>`;
}

/** Renders `children(session)` once the console acts as a live session, else the sign-in form. */
export function NeedsSession({ world, children }) {
  const { currentSession } = useSessions();
  if (!currentSession || currentSession.ended) {
    return html`<section class="card" aria-labelledby="needs-session">
      <h2 id="needs-session">${currentSession?.ended ? 'The session has ended' : 'Sign in first'}</h2>
      <p>${currentSession?.ended
        ? html`The service answered <code>INVALID_SESSION_ID</code> for ${currentSession.username} @ ${currentSession.tenant}. Sign in again to go on.`
        : 'This page calls the service API as a signed-in user.'}</p>
      <${SignInForm} world=${world} idPrefix="needs" />
    </section>`;
  }
  return children(currentSession);
}
