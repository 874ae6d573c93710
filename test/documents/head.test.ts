/**
 * A HEAD runs its GET's handler (Hono answers it from the GET's answer, without the body), but it
 * only asks what the answer would be: a HEAD of a download with lockDocument=true checks nothing
 * out, and a HEAD of a document does not put it among the user's Recent Documents.
 */
import { describe, expect, it } from 'vitest';
import { V, sharedAdminSim } from '../helpers/sim';

const p = sharedAdminSim();
const recent = async () => ((await p.sim.json('GET', `/api/${V}/objects/documents?named_filter=${encodeURIComponent('Recent Documents')}`, p.admin)).documents ?? []).map((d: { document: { id: number } }) => d.document.id);
const locked = async (id: number) => (await p.sim.json('GET', `/api/${V}/objects/documents/${id}`, p.admin)).document.locked__v;

describe('HEAD changes nothing', () => {
  it('a HEAD of a download with lockDocument=true answers its headers and checks nothing out; the GET does', async () => {
    const head = await p.sim.call('HEAD', `/api/${V}/objects/documents/105/file?lockDocument=true`, { headers: { Authorization: p.admin } });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-disposition')).toMatch(/^attachment;filename=/);
    expect(await locked(105)).toBe(false);
    await p.sim.call('GET', `/api/${V}/objects/documents/105/file?lockDocument=true`, { headers: { Authorization: p.admin } });
    expect(await locked(105)).toBe(true);
    // Checked out by the administrator now: alice's HEAD is refused as her GET is.
    const alice = await p.sim.login('alice@acme.example', { tenantDNS: 'promo.acme.example' });
    const path = `/api/${V}/objects/documents/105/file?lockDocument=true`;
    const get = await p.sim.call('GET', path, { headers: { Authorization: alice } });
    expect((await get.json()).errors[0].type).toBe('OPERATION_NOT_ALLOWED');
    const refused = await p.sim.call('HEAD', path, { headers: { Authorization: alice } });
    expect([refused.status, refused.headers.get('x-tenantapi-status')]).toEqual([get.status, 'FAILURE']);
  });

  it('a HEAD of a document or of one of its versions does not make it a Recent Document; a GET does', async () => {
    expect(await recent()).not.toContain(107);
    for (const path of ['107', '107/versions/0/1', '107/file']) {
      const head = await p.sim.call('HEAD', `/api/${V}/objects/documents/${path}`, { headers: { Authorization: p.admin } });
      // Each HEAD is the answer its GET would give (a SUCCESS), without the body.
      expect([head.status, head.headers.get('x-tenantapi-status') ?? 'SUCCESS'], path).toEqual([200, 'SUCCESS']);
    }
    expect(await recent()).not.toContain(107);
    await p.sim.call('GET', `/api/${V}/objects/documents/107`, { headers: { Authorization: p.admin } });
    expect(await recent()).toContain(107);
  });
});
