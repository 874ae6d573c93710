// Calls from the browser: the control plane's /_sim/ API and the service API, nothing else.
const TOKEN_KEY = 'dms-sim-console:control-token';

export const controlToken = {
  get: () => sessionStorage.getItem(TOKEN_KEY) ?? '',
  set: (t) => (t ? sessionStorage.setItem(TOKEN_KEY, t) : sessionStorage.removeItem(TOKEN_KEY)),
};

/** A control plane answer with a 4xx/5xx status: `{"error": "..."}`. */
export class SimError extends Error {
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

/** A service answer with responseStatus FAILURE: its `errors` ({type, message}). */
export class ServiceError extends Error {
  constructor(errors, body) {
    super(errors.map((e) => `${e.type}: ${e.message}`).join('; '));
    this.errors = errors;
    this.body = body;
  }
  has(type) {
    return this.errors.some((e) => e.type === type);
  }
}

/** `/_sim<path>` with a JSON body; the parsed answer, or a SimError. */
export async function sim(path, { method = 'GET', body } = {}) {
  const headers = { Accept: 'application/json' };
  const token = controlToken.get();
  if (token) headers['X-Sim-Control-Token'] = token;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const r = await fetch(`/_sim${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const json = await r.json().catch(() => ({}));
  if (!r.ok) throw new SimError(r.status, json.error ?? `HTTP ${r.status}`);
  return json;
}

let sessionListeners = [];
/** Called with a session key when the service answers INVALID_SESSION_ID for it. */
export const onSessionRejected = (fn) => {
  sessionListeners.push(fn);
  return () => (sessionListeners = sessionListeners.filter((f) => f !== fn));
};

/** The service base of a tenant: `/tenants/<dns>/api`. */
export const tenantBase = (dns) => `/tenants/${encodeURIComponent(dns)}/api`;

/**
 * A service call as `session` (or none). `path` is relative to `/tenants/<dns>/api/<version>`
 * unless it starts with `/tenants/` or `/api/`. `form` (an object) is sent URL-encoded, `text` as
 * text/plain. Answers `{response, json}` (json undefined for a non-JSON answer, e.g. a file, then
 * `blob` is set); throws ServiceError for a FAILURE answer.
 */
export async function service(session, path, { method = 'GET', form, text, headers = {}, version, dns, expect = 'json' } = {}) {
  const tenant = dns ?? session?.tenant;
  const url = path.startsWith('/tenants/') || path.startsWith('/api/') || path.startsWith('/auth') ? path : `${tenantBase(tenant)}/${version ?? session?.version}${path}`;
  const h = { Accept: 'application/json', ...headers };
  if (session) h.Authorization = session.sessionId;
  let body;
  if (form) {
    body = new URLSearchParams(form);
    h['Content-Type'] = 'application/x-www-form-urlencoded';
  } else if (text !== undefined) {
    body = text;
    h['Content-Type'] = 'text/plain';
  }
  const response = await fetch(url, { method, headers: h, body });
  const type = response.headers.get('content-type') ?? '';
  if (!type.startsWith('application/json')) {
    if (expect === 'json' && !type.startsWith('text/')) return { response, blob: await response.blob() };
    if (expect === 'blob') return { response, blob: await response.blob() };
    return { response, text: await response.text() };
  }
  const json = await response.json();
  if (json.responseStatus === 'FAILURE') {
    const err = new ServiceError(json.errors ?? [], json);
    if (session && err.has('INVALID_SESSION_ID')) for (const fn of sessionListeners) fn(session.key);
    throw err;
  }
  return { response, json };
}

/** A curl command line for a request (single-quoted for POSIX shells). */
export function curlOf({ method = 'GET', url, headers = {}, body }) {
  const q = (s) => `'${String(s).replace(/'/g, `'\\''`)}'`;
  const parts = ['curl'];
  if (method !== 'GET') parts.push('-X', method);
  parts.push(q(url));
  for (const [k, v] of Object.entries(headers)) parts.push('-H', q(`${k}: ${v}`));
  if (body !== undefined && body !== null && body !== '') parts.push('--data-raw', q(typeof body === 'string' ? body : JSON.stringify(body)));
  return parts.join(' ');
}

let worldPromise;
/** The loaded world's read-only view (domains, tenants, users, component types). */
export const loadWorld = (fresh = false) => {
  if (fresh || !worldPromise) worldPromise = sim('/console/api/world').catch((e) => ((worldPromise = undefined), Promise.reject(e)));
  return worldPromise;
};
