/**
 * Raw HTTP/1.1 over a socket, for requests a client library would refuse to send (a bad Host,
 * `GET *`, bytes that are not HTTP, a body cut short). Loopback only.
 */
import { connect, type Socket } from 'node:net';

export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** Everything received before the server closed the connection. */
  text: string;
}

/** Parses the first answer of a raw exchange (Content-Length or chunked). */
export function parseRawAnswer(text: string): RawAnswer {
  // Interim answers (100 Continue) come before the answer.
  while (/^HTTP\/1\.[01] 1\d\d /.test(text) && text.includes('\r\n\r\n')) text = text.slice(text.indexOf('\r\n\r\n') + 4);
  const end = text.indexOf('\r\n\r\n');
  const head = end < 0 ? text : text.slice(0, end);
  const [statusLine, ...lines] = head.split('\r\n');
  const headers: Record<string, string> = {};
  for (const l of lines) headers[l.slice(0, l.indexOf(':')).toLowerCase()] = l.slice(l.indexOf(':') + 1).trim();
  let body = end < 0 ? '' : text.slice(end + 4);
  if (headers['content-length']) body = body.slice(0, Number(headers['content-length']));
  return { status: Number(statusLine.split(' ')[1] ?? 0), headers, body, text };
}

/** Opens a connection to the port (resolves once connected). */
export function openSocket(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const s = connect(port, '127.0.0.1', () => resolve(s));
    s.once('error', reject);
  });
}

/** What a socket receives until the server closes it. */
export function untilClosed(s: Socket): Promise<string> {
  return new Promise((resolve) => {
    let text = '';
    s.setEncoding('latin1');
    s.on('data', (d: string) => (text += d));
    s.on('error', () => {});
    s.once('close', () => resolve(text));
  });
}

/** Sends bytes as they are (`Connection: close` is the caller's) and parses what comes back. */
export async function rawRequest(port: number, bytes: string | Buffer): Promise<RawAnswer> {
  const s = await openSocket(port);
  const closed = untilClosed(s);
  s.write(bytes);
  return parseRawAnswer(await closed);
}
