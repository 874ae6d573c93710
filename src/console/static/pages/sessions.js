// Sessions: the live sessions of the simulator (GET /_sim/sessions, never a whole id); end one.
import { html, useState } from '../vendor/preact-htm.mjs';
import { sim } from '../api.js';
import { ErrorBox, time, usePolling } from '../ui.js';

export function SessionsPage() {
  const [list, setList] = useState();
  const [error, setError] = useState();
  const [n, setN] = useState(0);
  usePolling(async () => {
    try {
      setList((await sim('/sessions')).sessions);
      setError(undefined);
    } catch (e) {
      setError(e);
    }
  }, 1000, [n]);
  const end = async (handle) => {
    try {
      await sim(`/sessions/${encodeURIComponent(handle)}`, { method: 'DELETE' });
    } catch (e) {
      setError(e);
    }
    setN((x) => x + 1);
  };
  return html`<p class="muted">Refreshed every second. Ending a session here makes its next call answer <code>INVALID_SESSION_ID</code>.</p>
    <${ErrorBox} error=${error} />
    ${list && html`<div class="scroll"><table aria-label="Live sessions">
      <thead><tr><th scope="col">Handle</th><th scope="col">Id prefix</th><th scope="col">User</th><th scope="col">Tenant</th><th scope="col">Created</th><th scope="col">Last used</th><th scope="col">Expires</th><th scope="col"><span class="sr-only">End</span></th></tr></thead>
      <tbody>${list.length === 0 ? html`<tr><td colspan="8" class="muted">No live sessions</td></tr>` : [...list].reverse().map((s) => html`<tr>
        <td><code>${s.handle}</code></td><td><code>${s.idPrefix}</code></td><td>${s.user}</td><td>${s.tenant}</td>
        <td>${time(s.created)}</td><td>${time(s.lastUsed)}</td><td>${time(s.expires)}</td>
        <td><button type="button" class="small danger" onClick=${() => end(s.handle)} aria-label=${`End session ${s.idPrefix} of ${s.user}`}>End</button></td>
      </tr>`)}</tbody>
    </table></div>`}`;
}
