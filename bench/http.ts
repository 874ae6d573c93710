/**
 * The bench's own HTTP client, for setup and capture only (the load itself is autocannon's):
 * one bounded request, the JSON of an answer, whether an answer can be benchmarked, and the
 * form and multipart bodies the scenarios send.
 */
export const REQUEST_TIMEOUT_MS = 10_000;
const NOT_IMPLEMENTED_HEADER = 'x-dmssim-not-implemented';

export interface BenchRequest {
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
}

export interface Answer {
  status: number;
  contentType: string;
  notImplemented?: string;
  body: Buffer;
}

export async function call(base: string, r: BenchRequest): Promise<Answer> {
  const res = await fetch(base + r.path, {
    method: r.method,
    headers: r.headers,
    body: r.body ? (new Uint8Array(r.body) as Uint8Array<ArrayBuffer>) : undefined,
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  const body = Buffer.from(await res.arrayBuffer());
  return {
    status: res.status,
    contentType: res.headers.get('content-type') ?? 'application/octet-stream',
    notImplemented: res.headers.get(NOT_IMPLEMENTED_HEADER) ?? undefined,
    body,
  };
}

export function jsonOf(a: Answer): any {
  if (!a.contentType.startsWith('application/json')) return undefined;
  try {
    return JSON.parse(a.body.toString('utf8'));
  } catch {
    return undefined;
  }
}

/** Why an answer cannot be benchmarked, or undefined when it is a success. */
export function unusable(a: Answer): string | undefined {
  if (a.notImplemented) return 'not implemented';
  const json = jsonOf(a);
  if (a.status !== 200) return `HTTP ${a.status}`;
  if (json && json.responseStatus !== undefined && json.responseStatus !== 'SUCCESS' && json.responseStatus !== 'WARNING') {
    const e = json.errors?.[0];
    return `${json.responseStatus}${e ? `: ${e.type}` : ''}`;
  }
  return undefined;
}

export const form = (fields: Record<string, string>) => Buffer.from(new URLSearchParams(fields).toString());
export const FORM_HEADERS: Readonly<Record<string, string>> = Object.freeze({ 'Content-Type': 'application/x-www-form-urlencoded' });

export function multipart(fields: Record<string, string>, file: { name: string; bytes: Buffer }): { body: Buffer; contentType: string } {
  const boundary = `----dms-sim-bench-${Date.now().toString(16)}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`));
  parts.push(file.bytes, Buffer.from(`\r\n--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}
