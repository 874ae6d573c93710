// The console's own state: the sessions it signed in (kept for this browser tab) and which one
// the service pages act as. Nothing here is the simulator's state: that is always fetched.
import { useEffect, useState } from './vendor/preact-htm.mjs';
import { onSessionRejected, service, tenantBase } from './api.js';

const KEY = 'dms-sim-console:sessions';
const read = () => {
  try {
    return JSON.parse(sessionStorage.getItem(KEY) ?? '{"list":[],"current":null}');
  } catch {
    return { list: [], current: null };
  }
};
let state = read();
let listeners = [];
const emit = () => {
  sessionStorage.setItem(KEY, JSON.stringify(state));
  for (const fn of listeners) fn(state);
};

export const sessions = {
  get: () => state,
  current: () => state.list.find((s) => s.key === state.current),
  use(key) {
    state = { ...state, current: key };
    emit();
  },
  /** Signs in through endpoint 1 at the tenant's address; the new session becomes the current one. */
  async signIn(world, username, password, dns) {
    const version = world.latestVersion;
    const { json } = await service(null, `${tenantBase(dns)}/${version}/auth`, { method: 'POST', form: { username, password } });
    const tenant = world.domains.flatMap((d) => d.tenants).find((t) => t.id === json.tenantId);
    const user = world.users.find((u) => u.username === username);
    const s = {
      key: `${json.sessionId.slice(0, 12)}-${Date.now()}`,
      sessionId: json.sessionId, userId: json.userId, username, name: user?.name ?? username,
      tenant: tenant?.dns ?? dns, tenantId: json.tenantId, version, ended: false,
    };
    state = { list: [s, ...state.list.filter((x) => !(x.username === username && x.tenant === s.tenant))], current: s.key };
    emit();
    return s;
  },
  markEnded(key) {
    if (!state.list.some((s) => s.key === key && !s.ended)) return;
    state = { ...state, list: state.list.map((s) => (s.key === key ? { ...s, ended: true } : s)) };
    emit();
  },
  forget(key) {
    state = { list: state.list.filter((s) => s.key !== key), current: state.current === key ? null : state.current };
    emit();
  },
};

onSessionRejected((key) => sessions.markEnded(key));

/** The console's sessions, re-rendering on change. */
export function useSessions() {
  const [s, set] = useState(state);
  useEffect(() => {
    listeners.push(set);
    return () => (listeners = listeners.filter((f) => f !== set));
  }, []);
  return { ...s, currentSession: s.list.find((x) => x.key === s.current) };
}
