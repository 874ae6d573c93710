// Configuration: component types and their records (endpoints 9-11), a record's RECREATE text
// (endpoint 12), and an MDL script run with its per-statement result (endpoint 8).
import { html, useState } from '../vendor/preact-htm.mjs';
import { service, tenantBase } from '../api.js';
import { NeedsSession } from '../signin.js';
import { ErrorBox, Json, useLoad } from '../ui.js';

function RecordView({ session, type, name }) {
  const [mdl, error] = useLoad(() => service(session, `${tenantBase(session.tenant)}/mdl/components/${type}.${name}`, { expect: 'text' }).then((r) => r.text ?? JSON.stringify(r.json)), [session.key, type, name]);
  return html`<section class="card" aria-labelledby="record-h">
    <h2 id="record-h"><code>${type}.${name}</code></h2>
    <${ErrorBox} error=${error} />
    ${mdl !== undefined && html`<h3>RECREATE text</h3><pre class="mdl" data-testid="recreate">${mdl}</pre>`}
  </section>`;
}

function Records({ session, type, revision }) {
  const [open, setOpen] = useState();
  const [records, error] = useLoad(() => service(session, `/configuration/${type}`).then((r) => r.json.data ?? []), [session.key, type, revision]);
  return html`<${ErrorBox} error=${error} />
    ${records && html`<div class="scroll short"><table aria-label=${`${type} records`}>
      <thead><tr><th scope="col">Name</th><th scope="col">Label</th><th scope="col">Active</th><th scope="col"><span class="sr-only">Open</span></th></tr></thead>
      <tbody>${records.length === 0 ? html`<tr><td colspan="4" class="muted">No ${type} records</td></tr>` : records.map((r) => html`<tr class=${open === r.name ? 'selected' : ''}>
        <td><code>${r.name}</code></td><td>${r.label ?? ''}</td><td>${r.active === false ? 'no' : 'yes'}</td>
        <td><button type="button" class="small" onClick=${() => setOpen(r.name)} aria-label=${`Open ${type}.${r.name}`}>Open</button></td></tr>`)}</tbody>
    </table></div>`}
    ${open && html`<${RecordView} session=${session} type=${type} name=${open} key=${`${open}-${revision}`} />`}`;
}

const SAMPLE = `RECREATE Picklist color__c (
   label('Color'),
   Picklistentry red__c (value('Red'), order(0)),
   Picklistentry blue__c (value('Blue'), order(1))
);`;

function MdlRunner({ session, onRan }) {
  const [script, setScript] = useState(SAMPLE);
  const [answer, setAnswer] = useState();
  const [error, setError] = useState();
  const [busy, setBusy] = useState(false);
  const run = async (e) => {
    e.preventDefault();
    setBusy(true);
    setError(undefined);
    setAnswer(undefined);
    try {
      setAnswer((await service(session, `${tenantBase(session.tenant)}/mdl/execute`, { method: 'POST', text: script })).json);
      onRan();
    } catch (err) {
      setError(err);
      if (err.body) setAnswer(err.body);
    } finally {
      setBusy(false);
    }
  };
  const statements = answer?.statement_execution ?? [];
  return html`<section aria-labelledby="mdl-h">
    <h2 id="mdl-h">Run an MDL script</h2>
    <form onSubmit=${run} aria-label="MDL script">
      <label for="mdl-script">MDL</label>
      <textarea id="mdl-script" rows="7" spellcheck=${false} value=${script} onInput=${(e) => setScript(e.target.value)}></textarea>
      <div class="actions"><button type="submit" disabled=${busy}>Run script</button></div>
    </form>
    <${ErrorBox} error=${error} />
    ${answer?.script_execution && html`<p role="status" data-testid="mdl-summary"><strong>${answer.responseStatus}</strong>: ${answer.script_execution.message} (${answer.script_execution.code}), ${answer.script_execution.components_affected} component(s) affected, ${answer.script_execution.failures} failure(s)</p>`}
    ${statements.length > 0 && html`<div class="scroll"><table aria-label="Statements">
      <thead><tr><th scope="col">#</th><th scope="col">Command</th><th scope="col">Component</th><th scope="col">Result</th><th scope="col">Message</th></tr></thead>
      <tbody>${statements.map((s) => html`<tr><td>${s.statement}</td><td>${s.command}</td><td><code>${s.component}</code></td>
        <td><span class=${s.response === 'SUCCESS' ? 'good' : 'bad'}>${s.response}</span></td>
        <td>${s.message}${(s.errors ?? []).map((x) => html`<br /><span class="muted">line ${x.line}: ${x.message} (${x.code})</span>`)}</td></tr>`)}</tbody>
    </table></div>`}
    ${answer && html`<details><summary>Answer as JSON</summary><${Json} value=${answer} /></details>`}
  </section>`;
}

function Configuration({ session, world }) {
  const [type, setType] = useState('Picklist');
  // Moves on each script that succeeded: the records and the open record are read again.
  const [revision, setRevision] = useState(0);
  const [meta, metaError] = useLoad(() => service(session, `/metadata/components/${type}`).then((r) => r.json.data), [session.key, type]);
  return html`<div class="columns">
    <section aria-labelledby="types-h">
      <h2 id="types-h">Component types and records</h2>
      <label for="component-type">Component type</label>
      <select id="component-type" value=${type} onChange=${(e) => setType(e.target.value)}>${world.componentTypes.map((t) => html`<option value=${t}>${t}</option>`)}</select>
      <${ErrorBox} error=${metaError} />
      ${meta && html`<p class="muted">${meta.class} · ${meta.abbreviation} · attributes: ${meta.attributes.map((a) => a.name).join(', ')}${meta.sub_components.length ? ` · sub-components: ${meta.sub_components.map((s) => s.name).join(', ')}` : ''}</p>`}
      <${Records} session=${session} type=${type} revision=${revision} key=${type} />
    </section>
    <${MdlRunner} session=${session} onRan=${() => setRevision((n) => n + 1)} />
  </div>`;
}

export const ConfigurationPage = ({ world }) => html`<${NeedsSession} world=${world}>${(session) => html`
  <p class="muted">As <strong>${session.username}</strong> in <strong>${session.tenant}</strong> (MDL needs a tenant administrator, e.g. tenant.admin@acme.example in promo).</p>
  <${Configuration} session=${session} world=${world} key=${session.key} />`}<//>`;
