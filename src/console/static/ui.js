// Small shared pieces of the pages.
import { html, useEffect, useRef, useState } from './vendor/preact-htm.mjs';
import { ServiceError, SimError } from './api.js';

/** An error as the service or the control plane gave it, announced to screen readers. */
export function ErrorBox({ error }) {
  if (!error) return null;
  if (error instanceof ServiceError) {
    return html`<div class="error" role="alert">
      <strong>FAILURE</strong>
      <ul>${error.errors.map((e) => html`<li><code>${e.type}</code>: ${e.message}</li>`)}</ul>
    </div>`;
  }
  const where = error instanceof SimError ? `control plane (HTTP ${error.status})` : 'request';
  return html`<div class="error" role="alert"><strong>Error from the ${where}</strong>: ${error.message}</div>`;
}

async function copyText(text) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const area = document.createElement('textarea');
    area.value = text;
    document.body.append(area);
    area.select();
    const ok = document.execCommand('copy');
    area.remove();
    return ok;
  }
}

/** A button that copies `text`, and says so. */
export function CopyButton({ text, label = 'Copy' }) {
  const [done, setDone] = useState(false);
  const timer = useRef();
  useEffect(() => () => clearTimeout(timer.current), []);
  const copy = async () => {
    setDone(await copyText(text));
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setDone(false), 1500);
  };
  return html`<button type="button" class="small" onClick=${copy}>${label}</button><span class="copied" role="status">${done ? 'Copied' : ''}</span>`;
}

/** A value shown with a copy button. */
export const Copyable = ({ label, text }) => html`<div class="copyable">
  <span class="label">${label}</span><code>${text}</code><${CopyButton} text=${text} label=${`Copy ${label.toLowerCase()}`} />
</div>`;

/** JSON, readable. */
export const Json = ({ value }) => html`<pre class="json">${typeof value === 'string' ? value : JSON.stringify(value, null, 2)}</pre>`;

/** A cell's text for any value. */
export function cell(v) {
  if (v === null || v === undefined) return '';
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

/** Runs `fn` every `ms` while mounted (and once at once); `deps` restart it. */
export function usePolling(fn, ms, deps) {
  useEffect(() => {
    let stopped = false;
    let timer;
    const tick = async () => {
      try {
        await fn();
      } finally {
        if (!stopped) timer = setTimeout(tick, ms);
      }
    };
    tick();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, deps);
}

/** A load of something async, with its error: [value, error, reload]. */
export function useLoad(fn, deps) {
  const [value, setValue] = useState();
  const [error, setError] = useState();
  const [n, setN] = useState(0);
  useEffect(() => {
    let live = true;
    setError(undefined);
    fn().then((v) => live && setValue(v), (e) => live && setError(e));
    return () => (live = false);
  }, [...deps, n]);
  return [value, error, () => setN((x) => x + 1)];
}

/** Simulated times are shown as the service gives them (ISO-8601, UTC). */
export const time = (iso) => (iso ? iso.replace('T', ' ').replace(/\.\d{3}Z$/, 'Z') : '');

/** A label above its control, tied by id (a wrapping label would add a select's text to its name). */
export const Field = ({ id, label, children }) => html`<div class="field"><label for=${id}>${label}</label>${children}</div>`;
