/**
 * issue 18 #6: the operations whose answers are files or text (file, version file, thumbnail, two
 * rendition downloads, attachment, usage-log CSV, RECREATE text) do not declare XML: their
 * failures answer the JSON FAILURE whatever the Accept header (gaps.md §11), and every answer
 * keeps to the document (the harness validates each one; a breach would answer 500).
 */
import { describe, expect, it } from 'vitest';
import { loadOpenApi } from '../../src/openapi/load';
import { testSim, V } from '../helpers/sim';

const { operations } = loadOpenApi();
/** The service's operations (under /api/) whose success answer is not XML. */
const fileOps = operations.filter((op) => op.path.startsWith('/api/') && !('application/xml' in ((op.responses['200'] as { content?: object }).content ?? {})));

const params: Record<string, string> = {
  version: V, doc_id: '999999', major_version: '1', minor_version: '0', rendition_type: 'viewable_rendition__v',
  attachment_id: '1', component_type: 'Picklist', record_name: 'nothing__c',
};
const urlOf = (path: string) => path.replace(/\{(\w+)\}/g, (_, p: string) => params[p]) + (path.endsWith('api_usage') ? '?date=not-a-date' : '');

describe('failures of file and text operations with Accept: application/xml', () => {
  it('are the eight the issue names', () => {
    expect(fileOps.map((op) => op.id).sort()).toEqual([
      'downloadApiUsageLog', 'downloadDocumentAttachment', 'downloadDocumentFile', 'downloadDocumentRendition',
      'downloadDocumentVersionFile', 'downloadDocumentVersionRendition', 'downloadDocumentVersionThumbnail', 'getComponentMdl',
    ]);
  });

  it.each(fileOps.map((op) => [op.id, op.path] as const))('%s answers the JSON FAILURE, without and with a session', async (_id, path) => {
    const sim = testSim();
    const session = await sim.login('tenant.admin@acme.example', { tenantDNS: 'promo.acme.example' });
    for (const headers of [{ Accept: 'application/xml' } as Record<string, string>, { Accept: 'application/xml', Authorization: session }, { Accept: 'text/xml;q=1, application/json;q=0.5' }]) {
      const res = await sim.call('GET', urlOf(path), { headers });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/json;charset=UTF-8');
      const body = await res.json();
      expect(body.responseStatus).toBe('FAILURE');
      expect(body.errors[0].type).toEqual(headers.Authorization ? expect.not.stringMatching(/^(INVALID_SESSION_ID|UNEXPECTED_ERROR)$/) : 'INVALID_SESSION_ID');
    }
    expect(sim.breaches).toEqual([]);
  });

  it('an operation that declares XML still answers its failure in XML', async () => {
    const sim = testSim();
    const res = await sim.call('GET', `/api/${V}/objects/documents/999999`, { headers: { Accept: 'application/xml' } });
    expect(res.headers.get('content-type')).toBe('application/xml;charset=UTF-8');
    expect(await res.text()).toContain('<responseStatus>FAILURE</responseStatus>');
    expect(sim.breaches).toEqual([]);
  });
});
