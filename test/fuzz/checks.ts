/**
 * What every answer to a generated request must be: an answer (no dropped connection), no 5xx,
 * and a body of the kind the operation declares: JSON (or XML when asked for, on an operation
 * that answers XML) — a file or text only as the success of a file or text operation.
 */
import type { FuzzAnswer, FuzzRequest } from './client';
import { operations } from './generate';

/** The operations whose success is a file or text (their failures are JSON). */
export const fileOperations = new Set(['downloadApiUsageLog', 'getComponentMdl', 'downloadDocumentFile', 'downloadDocumentVersionFile',
  'downloadDocumentVersionThumbnail', 'downloadDocumentRendition', 'downloadDocumentVersionRendition', 'downloadDocumentAttachment']);
const known = new Set(operations.map((o) => o.id));

/** The problem with an answer, or undefined when it is as it must be. */
export function problemOf(r: FuzzRequest, a: FuzzAnswer): string | undefined {
  if (a.error?.startsWith('client refused')) return undefined; // never sent
  // Empty lines before a request are skipped (RFC 9112 §2.2): bytes that are only that are no request.
  if (r.kind === 'raw' && /^[\r\n]*$/.test(r.raw!.toString('latin1'))) return undefined;
  if (a.error) return `no complete answer: ${a.error}`;
  if (a.status >= 500) return `HTTP ${a.status}: ${a.body.toString('utf8').slice(0, 300)}`;
  if (a.status === 302 || r.method === 'HEAD') return undefined;
  const type = (a.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
  if (type === 'application/json') {
    try {
      JSON.parse(a.body.toString('utf8'));
      return undefined;
    } catch {
      return `a JSON Content-Type with a body that is not JSON: ${JSON.stringify(a.body.toString('latin1').slice(0, 200))}`;
    }
  }
  if (type === 'application/xml') {
    const xml = a.body.toString('utf8');
    if (!xml.startsWith('<?xml')) return 'an XML Content-Type with a body that is not XML';
    // A path the URL parser turned into another (`%2E%2E`) may be no operation at all: answered as an unknown path.
    // So may a dot segment (`..`, `%2E%2E`): the URL parser removes it with the segment before, making another operation's path.
    const dotSegment = r.path.split('?')[0].split('/').some((seg) => /^(\.|%2e){1,2}$/i.test(seg));
    const routed = !dotSegment && !/<type>(MALFORMED_URL|METHOD_NOT_SUPPORTED)<\/type>/.test(xml);
    if (routed && r.opId && fileOperations.has(r.opId)) return `XML answered by ${r.opId}, which does not declare it`;
    return undefined;
  }
  const fileSuccess = a.status === 200 && a.headers['x-tenantapi-status'] === 'SUCCESS' && (r.kind === 'raw' || (r.opId !== undefined && fileOperations.has(r.opId)));
  if (fileSuccess) return undefined;
  return `a non-JSON answer (HTTP ${a.status}, Content-Type ${type || '(none)'}${r.opId && known.has(r.opId) ? `, operation ${r.opId}` : ''}): ${JSON.stringify(a.body.toString('latin1').slice(0, 200))}`;
}
