/**
 * The only way dms-sim calls out: to a host the fixtures list in `service.allowedHosts`, never
 * following a redirect (an allowed host must not bounce the call elsewhere), within 5 seconds,
 * reading at most 64 KB of JSON. Anything else is treated as "no answer".
 */
import { readBounded } from '../../streams';

export const OUTBOUND_TIMEOUT_MS = 5000;
export const OUTBOUND_MAX_BYTES = 64 * 1024;

/** Counts calls that went out: tests assert that refused requests made none. */
export const outboundCalls = { count: 0 };

export async function fetchAllowedJson(url: string, init: RequestInit, allowedHosts: readonly string[]): Promise<unknown> {
  let host: string;
  try {
    const u = new URL(url);
    if (u.protocol !== 'https:' && u.protocol !== 'http:') return undefined;
    host = u.host;
  } catch {
    return undefined;
  }
  if (!allowedHosts.includes(host)) return undefined;
  outboundCalls.count += 1;
  try {
    const res = await fetch(url, { ...init, redirect: 'manual', signal: AbortSignal.timeout(OUTBOUND_TIMEOUT_MS) });
    if (!res.ok || !res.body) return undefined;
    const bytes = await readBounded(res.body, OUTBOUND_MAX_BYTES);
    return bytes && JSON.parse(Buffer.from(bytes).toString('utf8'));
  } catch {
    return undefined;
  }
}
