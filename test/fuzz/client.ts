/**
 * Sends generated requests: over kept-alive `node:http` connections (bounded by the agent), or as
 * raw bytes on a socket of their own for what an HTTP client would refuse to send. Each answer is
 * read whole; a request that gets no answer is reported as such. `curlOf` prints a request ready
 * to paste into a shell.
 */
import { Agent, request } from 'node:http';
import { connect } from 'node:net';
import { parseRawAnswer } from './raw';

export interface FuzzRequest {
  /** `http`: through node:http; `raw`: these bytes on a new socket, write side closed after. */
  kind: 'http' | 'raw';
  method: string;
  /** Path and query, as sent. */
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
  raw?: Buffer;
  /** The operation the request was made for (undefined: an unknown path or method). */
  opId?: string;
  /** How it was made (for the report). */
  note: string;
}

export interface FuzzAnswer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  /** Set when no complete answer came (connection dropped, timed out). */
  error?: string;
}

const ANSWER_TIMEOUT_MS = 30_000;

export function keepAliveAgent(connections: number): Agent {
  return new Agent({ keepAlive: true, maxSockets: connections, maxFreeSockets: connections });
}

export function send(base: string, agent: Agent, r: FuzzRequest): Promise<FuzzAnswer> {
  return r.kind === 'raw' ? sendRaw(new URL(base), r.raw!) : sendHttp(base, agent, r);
}

function sendHttp(base: string, agent: Agent, r: FuzzRequest): Promise<FuzzAnswer> {
  return new Promise((resolve) => {
    let settled = false;
    const done = (a: FuzzAnswer) => {
      if (!settled) resolve(a);
      settled = true;
    };
    const headers = { ...r.headers, ...(r.body ? { 'Content-Length': String(r.body.length) } : {}) };
    let req;
    try {
      req = request(base + r.path, { method: r.method, headers, agent }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (d: Buffer) => chunks.push(d));
        res.on('end', () => done({ status: res.statusCode ?? 0, headers: res.headers as Record<string, string>, body: Buffer.concat(chunks) }));
        res.on('aborted', () => done({ status: res.statusCode ?? 0, headers: {}, body: Buffer.alloc(0), error: 'the answer was cut short' }));
      });
    } catch (e) {
      // The client itself refuses (a header it cannot write): not the server's doing.
      return done({ status: -1, headers: {}, body: Buffer.alloc(0), error: `client refused: ${(e as Error).message}` });
    }
    req.setTimeout(ANSWER_TIMEOUT_MS, () => req.destroy(new Error('no answer in time')));
    req.on('error', (e) => done({ status: 0, headers: {}, body: Buffer.alloc(0), error: e.message }));
    req.end(r.body);
  });
}

function sendRaw(url: URL, bytes: Buffer): Promise<FuzzAnswer> {
  return new Promise((resolve) => {
    const s = connect(Number(url.port), url.hostname);
    const chunks: Buffer[] = [];
    s.setTimeout(ANSWER_TIMEOUT_MS, () => s.destroy(new Error('no answer in time')));
    let error: string | undefined;
    s.on('error', (e) => (error = e.message));
    s.on('data', (d: Buffer) => chunks.push(d));
    s.on('connect', () => s.end(bytes));
    s.on('close', () => {
      const text = Buffer.concat(chunks).toString('latin1');
      if (!text) return resolve({ status: 0, headers: {}, body: Buffer.alloc(0), error: error ?? 'closed without an answer' });
      const a = parseRawAnswer(text);
      resolve({ status: a.status, headers: a.headers, body: Buffer.from(a.body, 'latin1'), error: a.status ? undefined : 'not an HTTP answer' });
    });
  });
}

/** Bash's $'…' quoting: any byte, printable as it is, the rest as \xHH. */
function ansiC(bytes: Buffer): string {
  let s = "$'";
  for (const b of bytes) {
    const c = String.fromCharCode(b);
    s += b >= 0x20 && b < 0x7f ? (c === "'" || c === '\\' ? `\\${c}` : c) : `\\x${b.toString(16).padStart(2, '0')}`;
  }
  return `${s}'`;
}

/** `printf '%b' '…'`: writes the bytes exactly, NUL included (every unprintable byte, quote and backslash as \xHH). */
function printfOf(bytes: Buffer): string {
  let s = '';
  for (const b of bytes) s += b >= 0x20 && b < 0x7f && b !== 0x27 && b !== 0x5c ? String.fromCharCode(b) : `\\x${b.toString(16).padStart(2, '0')}`;
  return `printf '%b' '${s}'`;
}

/** A command that sends the same request again (curl; raw bytes through printf and nc). */
export function curlOf(base: string, r: FuzzRequest): string {
  if (r.kind === 'raw') {
    const u = new URL(base);
    return `${printfOf(r.raw!)} | nc ${u.hostname} ${u.port}`;
  }
  const parts = ['curl -sS -i', '--path-as-is', '-X', ansiC(Buffer.from(r.method, 'latin1')), ansiC(Buffer.from(base + r.path, 'latin1'))];
  for (const [k, v] of Object.entries(r.headers)) parts.push('-H', ansiC(Buffer.from(`${k}: ${v}`, 'latin1')));
  if (r.body) parts.push('--data-binary', `@<(${printfOf(r.body)})`);
  return parts.join(' ');
}
