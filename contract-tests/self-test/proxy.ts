/**
 * A deliberately wrong HTTP proxy for the self-test (test/contract-self-test.test.ts): it sits
 * between the contract suite and a dms-sim process on 127.0.0.1 and injects one kind of fault.
 * Addresses the simulator hands out are rewritten to the proxy's origin, so that followed links
 * go through the proxy too. `transparent` injects nothing.
 */
import { type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { NOT_IMPLEMENTED_HEADER } from '../../src/http/app';

export const FAULTS = ['transparent', 'not-implemented', 'missing-field', 'wrong-type', 'wrong-content-type', 'broken-paging', 'failure-for-success', 'leak'] as const;
export type Fault = (typeof FAULTS)[number];

interface Exchange {
  method: string;
  /** The path without the `/tenants/<dns>` prefix and trailing slash. */
  path: string;
  url: URL;
  user?: string;
  status: number;
  headers: Record<string, string>;
  // biome-ignore lint: the JSON answer being corrupted
  json?: any;
  body: Buffer;
}

export interface FaultProxy {
  url: string;
  /** How many answers the fault changed. */
  injected: number;
  close(): Promise<void>;
}

const routing = (p: string) => p.replace(/\/{2,}/g, '/').replace(/^\/tenants\/[^/]+(?=\/|$)/, '').replace(/(.)\/+$/, '$1') || '/';
const isVersionList = (x: Exchange) => x.method === 'GET' && x.path === '/api';
const isDocList = (x: Exchange) => x.method === 'GET' && /^\/api\/v\d+\.\d+\/objects\/documents$/.test(x.path);
const succeeded = (x: Exchange) => x.json?.responseStatus === 'SUCCESS';

export async function startFaultProxy(target: string, fault: Fault): Promise<FaultProxy> {
  const upstream = new URL(target);
  /** Session id → user name, learnt from the logins that pass through. */
  const users = new Map<string, string>();
  const latestSession = new Map<string, string>();
  let origin = '';
  const state = { injected: 0 };

  async function forward(method: string, path: string, headers: Record<string, string>, body?: Buffer) {
    const res = await fetch(new URL(path, upstream), { method, headers, body: body && body.length ? new Uint8Array(body) : undefined, redirect: 'manual' });
    const out: Record<string, string> = {};
    res.headers.forEach((v, k) => {
      if (!['content-length', 'content-encoding', 'transfer-encoding', 'connection', 'keep-alive'].includes(k)) out[k] = v;
    });
    return { status: res.status, headers: out, body: Buffer.from(await res.arrayBuffer()) };
  }

  /** Applies the fault; returns true when it changed the answer. */
  async function inject(x: Exchange, reqHeaders: Record<string, string>): Promise<boolean> {
    switch (fault) {
      case 'transparent':
        return false;
      case 'not-implemented':
        // Not a fault: dms-sim's answer for an operation it does not implement yet (the suite must skip, not fail).
        if (isDocList(x)) {
          x.json = { responseStatus: 'FAILURE', errors: [{ type: 'UNEXPECTED_ERROR', message: 'Operation [listDocuments] is not implemented by dms-sim yet.' }] };
          x.headers['x-tenantapi-status'] = 'FAILURE';
          x.headers[NOT_IMPLEMENTED_HEADER.toLowerCase()] = 'listDocuments';
          return true;
        }
        return false;
      case 'missing-field':
        if (isVersionList(x) && succeeded(x)) return delete x.json.values;
        if (isDocList(x) && succeeded(x) && x.json.documents.length) {
          for (const e of x.json.documents) delete e.document.name__v;
          return true;
        }
        return false;
      case 'wrong-type':
        if (isVersionList(x) && succeeded(x)) {
          const k = Object.keys(x.json.values)[0];
          if (k) x.json.values[k] = 42;
          return !!k;
        }
        if (isDocList(x) && succeeded(x)) {
          x.json.size = String(x.json.size);
          return true;
        }
        return false;
      case 'wrong-content-type':
        if ((isVersionList(x) || isDocList(x)) && succeeded(x)) {
          x.headers['content-type'] = 'text/html;charset=UTF-8';
          return true;
        }
        return false;
      case 'broken-paging': {
        // next_page links that lead back to the first page; a document list that ignores start.
        let changed = false;
        const d = x.json?.responseDetails;
        if (d?.next_page) {
          d.next_page = d.next_page.replace(/pageoffset=\d+/, 'pageoffset=0');
          changed = true;
        }
        if (isDocList(x) && succeeded(x) && Number(x.url.searchParams.get('start') ?? 0) > 0) {
          const first = new URL(x.url);
          first.searchParams.delete('start');
          const again = await forward('GET', first.pathname + first.search, reqHeaders);
          const j = JSON.parse(again.body.toString('utf8'));
          x.json.documents = j.documents;
          x.json.size = j.size;
          changed = true;
        }
        return changed;
      }
      case 'failure-for-success':
        if ((isVersionList(x) || isDocList(x)) && succeeded(x)) {
          x.json = { responseStatus: 'FAILURE', errors: [{ type: 'UNEXPECTED_ERROR', message: 'injected by the self-test proxy' }] };
          x.headers['x-tenantapi-status'] = 'FAILURE';
          return true;
        }
        return false;
      case 'leak': {
        // Another user's document slipped into the second user's list.
        if (!isDocList(x) || !succeeded(x) || x.user !== 'bob@acme.example' || Number(x.url.searchParams.get('start') ?? 0) > 0) return false;
        const other = latestSession.get('alice@acme.example');
        if (!other || x.json.documents.length >= x.json.limit) return false;
        const theirs = await forward('GET', x.url.pathname + x.url.search, { ...reqHeaders, authorization: other });
        const j = JSON.parse(theirs.body.toString('utf8'));
        const mine = new Set(x.json.documents.map((e: { document: { id: number } }) => e.document.id));
        const extra = (j.documents ?? []).find((e: { document: { id: number } }) => !mine.has(e.document.id));
        if (!extra) return false;
        x.json.documents.push(extra);
        x.json.documents.sort((a: { document: { id: number } }, b: { document: { id: number } }) => a.document.id - b.document.id);
        x.json.size = x.json.documents.length;
        return true;
      }
    }
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const reqBody = Buffer.concat(chunks);
    const reqHeaders: Record<string, string> = {};
    for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string' && !['host', 'connection', 'content-length'].includes(k)) reqHeaders[k] = v;
    const method = req.method ?? 'GET';
    const up = await forward(method, req.url ?? '/', reqHeaders, reqBody);
    const url = new URL(req.url ?? '/', origin);
    const x: Exchange = { method, path: routing(url.pathname), url, user: users.get(reqHeaders.authorization?.replace(/^Bearer /, '') ?? ''), ...up };
    const ct = (x.headers['content-type'] ?? '').toLowerCase();
    const textual = ct.startsWith('application/json') || ct.startsWith('text/') || ct.startsWith('application/xml');
    if (textual) {
      // Addresses the simulator hands out lead back through the proxy.
      x.body = Buffer.from(x.body.toString('utf8').split(upstream.origin).join(origin));
    }
    if (ct.startsWith('application/json')) {
      try {
        x.json = JSON.parse(x.body.toString('utf8'));
      } catch {
        /* leave it */
      }
    }
    if (/\/auth$/.test(x.path) && method === 'POST' && x.json?.sessionId) {
      const username = new URLSearchParams(reqBody.toString('utf8')).get('username');
      if (username) {
        users.set(x.json.sessionId, username);
        latestSession.set(username, x.json.sessionId);
      }
    }
    if (await inject(x, reqHeaders)) {
      state.injected++;
      if (x.json !== undefined) x.body = Buffer.from(JSON.stringify(x.json));
    }
    res.writeHead(x.status, { ...x.headers, 'content-length': String(x.body.length) });
    res.end(x.body);
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((e: Error) => {
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
      res.end(`self-test proxy: ${e.message}`);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: origin,
    get injected() {
      return state.injected;
    },
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
