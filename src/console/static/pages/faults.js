// Faults and clock: the active fault rules, a preset or a rule from a form, clearing; the
// simulated time, advanced by a chosen duration, set, frozen.
import { html, useState } from '../vendor/preact-htm.mjs';
import { sim } from '../api.js';
import { ErrorBox, Field, Json, time, usePolling } from '../ui.js';

const PRESETS = ['expired-session', 'throttled-login', 'checked-out-document', 'expired-query-page', 'service-unavailable'];
const DURATIONS = [['PT1M', '1 minute'], ['PT5M', '5 minutes'], ['PT21M', '21 minutes'], ['PT31M', '31 minutes'], ['PT1H', '1 hour'], ['P1D', '1 day']];
const EFFECTS = [['failure', 'FAILURE of an error type'], ['status', 'HTTP status'], ['delayMs', 'delay (ms)'], ['throttle', 'throttled (burst exhausted)'], ['drop', 'dropped connection'], ['truncate', 'truncated answer (bytes)']];
const MATCH = ['operationId', 'method', 'path', 'tenant', 'user'];

function ClockPanel() {
  const [clock, setClock] = useState();
  const [error, setError] = useState();
  const [by, setBy] = useState('PT21M');
  const [custom, setCustom] = useState('');
  const [at, setAt] = useState('');
  usePolling(async () => setClock(await sim('/clock').catch((e) => (setError(e), undefined))), 1000, []);
  const post = async (body) => {
    setError(undefined);
    try {
      setClock(await sim('/clock', { method: 'POST', body }));
    } catch (e) {
      setError(e);
    }
  };
  return html`<section class="card" aria-labelledby="clock-h">
    <h2 id="clock-h">Clock</h2>
    ${clock && html`<p class="big" data-testid="clock-now"><time datetime=${clock.now}>${time(clock.now)}</time> ${clock.frozen ? html`<span class="badge">frozen</span>` : html`<span class="muted">running</span>`}</p>`}
    <form class="inline-form" onSubmit=${(e) => (e.preventDefault(), post({ advance: custom.trim() || by }))} aria-label="Advance the clock">
      <label for="advance-by">Advance by</label>
      <select id="advance-by" value=${by} onChange=${(e) => setBy(e.target.value)}>${DURATIONS.map(([v, l]) => html`<option value=${v}>${l} (${v})</option>`)}</select>
      <label for="advance-custom">or ISO-8601 duration</label>
      <input id="advance-custom" size="8" placeholder="PT90S" value=${custom} onInput=${(e) => setCustom(e.target.value)} />
      <button type="submit">Advance</button>
    </form>
    <form class="inline-form" onSubmit=${(e) => (e.preventDefault(), at.trim() && post({ set: at.trim() }))} aria-label="Set the clock">
      <label for="clock-set">Set to</label>
      <input id="clock-set" size="24" placeholder="2026-03-01T08:00:00Z" value=${at} onInput=${(e) => setAt(e.target.value)} />
      <button type="submit">Set</button>
      <button type="button" onClick=${() => post({ freeze: !clock?.frozen })} aria-pressed=${Boolean(clock?.frozen)}>${clock?.frozen ? 'Unfreeze' : 'Freeze'}</button>
    </form>
    <${ErrorBox} error=${error} />
  </section>`;
}

function effectOf(rule) {
  if (rule.checkedOut) return `document ${rule.checkedOut.document} checked out by ${rule.checkedOut.by} in ${rule.checkedOut.tenant}`;
  const parts = [];
  if (rule.failure) parts.push(`FAILURE ${rule.failure}`);
  if (rule.status) parts.push(`HTTP ${rule.status}`);
  if (rule.throttle) parts.push('throttled');
  if (rule.drop) parts.push('dropped');
  if (rule.truncate !== undefined) parts.push(`truncated at ${rule.truncate} bytes`);
  if (rule.expireSession) parts.push('session expires');
  if (rule.delayMs) parts.push(`delay ${rule.delayMs} ms`);
  return parts.join(' + ');
}

function RuleForm({ onAdded, setError }) {
  const [f, setF] = useState({ operationId: '', method: '', path: '', tenant: '', user: '', effect: 'failure', value: 'INVALID_DATA', message: '', times: '', probability: '' });
  const set = (k) => (e) => setF({ ...f, [k]: e.target.value });
  const submit = async (e) => {
    e.preventDefault();
    const rule = {};
    for (const k of MATCH) if (f[k].trim()) rule[k] = f[k].trim();
    if (f.effect === 'throttle' || f.effect === 'drop') rule[f.effect] = true;
    else if (f.effect === 'failure') rule.failure = f.value.trim();
    else rule[f.effect] = Number(f.value);
    if (f.message.trim() && (f.effect === 'failure' || f.effect === 'status')) rule.message = f.message.trim();
    if (f.times.trim()) rule.times = Number(f.times);
    if (f.probability.trim()) rule.probability = Number(f.probability);
    setError(undefined);
    try {
      await sim('/faults', { method: 'POST', body: rule });
      onAdded();
    } catch (err) {
      setError(err);
    }
  };
  const needsValue = !['throttle', 'drop'].includes(f.effect);
  return html`<form class="rule-form" onSubmit=${submit} aria-label="Add a fault rule">
    <fieldset><legend>Match (empty: any)</legend>
      <${Field} id="rule-operationid" label="operationId"><input id="rule-operationid" value=${f.operationId} onInput=${set('operationId')} placeholder="getDocument" /><//>
      <${Field} id="rule-method" label="Method"><input id="rule-method" value=${f.method} onInput=${set('method')} size="6" placeholder="GET" /><//>
      <${Field} id="rule-path-glob" label="Path (glob)"><input id="rule-path-glob" value=${f.path} onInput=${set('path')} placeholder="/api/*/objects/documents/**" /><//>
      <${Field} id="rule-tenant" label="Tenant"><input id="rule-tenant" value=${f.tenant} onInput=${set('tenant')} placeholder="promo.acme.example" /><//>
      <${Field} id="rule-user" label="User"><input id="rule-user" value=${f.user} onInput=${set('user')} placeholder="alice@acme.example" /><//>
    </fieldset>
    <fieldset><legend>Inject</legend>
      <${Field} id="rule-effect" label="Effect"><select id="rule-effect" value=${f.effect} onChange=${(e) => setF({ ...f, effect: e.target.value, value: e.target.value === 'failure' ? 'INVALID_DATA' : e.target.value === 'status' ? '503' : e.target.value === 'delayMs' ? '2000' : e.target.value === 'truncate' ? '10' : '' })}>
        ${EFFECTS.map(([v, l]) => html`<option value=${v}>${l}</option>`)}</select><//>
      ${needsValue && html`<${Field} id="rule-value" label="Value"><input id="rule-value" value=${f.value} onInput=${set('value')} size="18" /><//>`}
      ${(f.effect === 'failure' || f.effect === 'status') && html`<${Field} id="rule-message" label="Message"><input id="rule-message" value=${f.message} onInput=${set('message')} /><//>`}
      <${Field} id="rule-times" label="Times"><input id="rule-times" value=${f.times} onInput=${set('times')} size="4" inputmode="numeric" placeholder="∞" /><//>
      <${Field} id="rule-probability" label="Probability"><input id="rule-probability" value=${f.probability} onInput=${set('probability')} size="4" inputmode="decimal" placeholder="1" /><//>
    </fieldset>
    <button type="submit">Add rule</button>
  </form>`;
}

function FaultsPanel() {
  const [rules, setRules] = useState();
  const [error, setError] = useState();
  const [preset, setPreset] = useState(PRESETS[0]);
  const [n, setN] = useState(0);
  usePolling(async () => setRules((await sim('/faults').catch((e) => (setError(e), { faults: undefined }))).faults), 1000, [n]);
  const refresh = () => setN((x) => x + 1);
  const act = async (fn) => {
    setError(undefined);
    try {
      await fn();
    } catch (e) {
      setError(e);
    }
    refresh();
  };
  return html`<section class="card" aria-labelledby="faults-h">
    <h2 id="faults-h">Fault rules</h2>
    <form class="inline-form" onSubmit=${(e) => (e.preventDefault(), act(() => sim('/faults', { method: 'POST', body: { preset } })))} aria-label="Add a preset">
      <label for="preset">Preset</label>
      <select id="preset" value=${preset} onChange=${(e) => setPreset(e.target.value)}>${PRESETS.map((p) => html`<option value=${p}>${p}</option>`)}</select>
      <button type="submit">Add preset</button>
      <button type="button" class="danger" onClick=${() => act(() => sim('/faults', { method: 'DELETE' }))}>Clear all rules</button>
    </form>
    <${ErrorBox} error=${error} />
    ${rules && html`<div class="scroll"><table aria-label="Active fault rules">
      <thead><tr><th scope="col">Id</th><th scope="col">Preset</th><th scope="col">Match</th><th scope="col">Effect</th><th scope="col">Times left</th><th scope="col">Probability</th><th scope="col">Fired</th><th scope="col"><span class="sr-only">Remove</span></th></tr></thead>
      <tbody>${rules.length === 0 ? html`<tr><td colspan="8" class="muted">No active rules</td></tr>` : rules.map((r) => html`<tr>
        <td><code>${r.id}</code></td><td>${r.preset ?? ''}</td>
        <td>${MATCH.filter((k) => r[k] !== undefined).map((k) => html`<span class="chip">${k}=${r[k]}</span>`)}</td>
        <td>${effectOf(r)}</td><td>${r.times ?? '∞'}</td><td>${r.probability ?? 1}</td><td>${r.fired}</td>
        <td><button type="button" class="small danger" onClick=${() => act(() => sim(`/faults/${encodeURIComponent(r.id)}`, { method: 'DELETE' }))} aria-label=${`Remove rule ${r.id}`}>Remove</button></td>
      </tr>`)}</tbody>
    </table></div>`}
    <details><summary>Add a rule from a form</summary><${RuleForm} onAdded=${refresh} setError=${setError} /></details>
    ${rules?.length > 0 && html`<details><summary>Rules as JSON</summary><${Json} value=${rules} /></details>`}
  </section>`;
}

export const FaultsPage = () => html`<div class="columns wide-right"><${ClockPanel} /><${FaultsPanel} /></div>`;
