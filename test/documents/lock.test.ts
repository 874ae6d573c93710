/** Check-out: lockDocument=true on endpoint 25 and the lock resource (gaps.md §9). */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type Personas, api, personas } from './world';

/** One simulator for the file: each test starts with no document checked out (the afterEach undoes every check-out). */
let p: Personas;
beforeAll(async () => {
  p = await personas();
});
afterEach(async () => {
  expect(p.sim.breaches).toEqual([]);
  // A tenant administrator may undo anyone's check-out (tested below); "not checked out" is fine too.
  for (const id of LOCKED_IN_TESTS) await p.sim.json('DELETE', api(`/objects/documents/${id}/lock`), p.admin);
});

/** Every document a test here may check out. */
const LOCKED_IN_TESTS = [101, 105, 118];

const doc = async (id: number, session: string) => (await p.sim.json('GET', api(`/objects/documents/${id}`), session)).document;

describe('lockDocument=true', () => {
  it('checks the document out to the caller: visible to others in retrieve and list; a second locker is refused', async () => {
    // 101: alice owns it, bob is a reviewer (may read), 118: bob owns it, alice is an editor.
    const res = await p.sim.call('GET', api('/objects/documents/101/file?lockDocument=true'), { headers: { Authorization: p.alice } });
    expect(res.headers.get('content-type')).toBe('application/octet-stream;charset=UTF-8');
    expect((await res.arrayBuffer()).byteLength).toBe(752);
    expect((await doc(101, p.bob)).locked__v).toBe(true);
    const bobList = await p.sim.json('GET', api('/objects/documents'), p.bob);
    expect(bobList.documents.find((d: any) => d.document.id === 101).document.locked__v).toBe(true);
    expect(await p.sim.json('GET', api('/objects/documents/101/lock'), p.bob)).toEqual({
      responseStatus: 'SUCCESS', lock: { locked_by__v: 61002, locked_date__v: '2026-01-15T09:00:00.000Z' },
    });

    const admin = await p.sim.call('GET', api('/objects/documents/101/file?lockDocument=true'), { headers: { Authorization: p.admin } });
    expect(await admin.json()).toEqual({
      responseStatus: 'FAILURE', errors: [{ type: 'OPERATION_NOT_ALLOWED', message: 'Document [101] is checked out by another user.' }],
    });
    // The holder may download again; a plain download by others still works.
    expect((await p.sim.call('GET', api('/objects/documents/101/file?lockDocument=true'), { headers: { Authorization: p.alice } })).headers.get('content-type')).toContain('octet-stream');
    expect((await p.sim.call('GET', api('/objects/documents/101/file'), { headers: { Authorization: p.bob } })).headers.get('content-type')).toContain('octet-stream');
  });

  it('My Documents includes what the caller has checked out', async () => {
    await p.sim.call('GET', api('/objects/documents/118/file?lockDocument=true'), { headers: { Authorization: p.alice } });
    const mine = await p.sim.json('GET', api('/objects/documents?named_filter=My%20Documents'), p.alice);
    expect(mine.documents.map((d: any) => d.document.id)).toContain(118);
  });

  it('lockDocument=false (the default) does not check out', async () => {
    await p.sim.call('GET', api('/objects/documents/101/file?lockDocument=false'), { headers: { Authorization: p.alice } });
    expect((await doc(101, p.alice)).locked__v).toBe(false);
  });

  it('a viewer without edit rights may not check out', async () => {
    const body = await (await p.sim.call('GET', api('/objects/documents/105/file?lockDocument=true'), { headers: { Authorization: p.alice } })).json();
    expect(body.errors[0].type).toBe('INSUFFICIENT_ACCESS');
    expect((await doc(105, p.alice)).locked__v).toBe(false);
  });
});

describe('POST / GET / DELETE .../lock', () => {
  it('checks out, reports, refuses others, and undoes', async () => {
    expect(await p.sim.json('GET', api('/objects/documents/118/lock'), p.alice)).toEqual({ responseStatus: 'SUCCESS' });
    const locked = await p.sim.json('POST', api('/objects/documents/118/lock'), p.bob);
    expect(locked).toMatchObject({ responseStatus: 'SUCCESS', responseMessage: 'Document successfully checked out.', lock: { locked_by__v: 61003 } });
    expect((await p.sim.json('POST', api('/objects/documents/118/lock'), p.alice)).errors[0].type).toBe('OPERATION_NOT_ALLOWED');
    expect((await p.sim.json('DELETE', api('/objects/documents/118/lock'), p.alice)).errors[0].type).toBe('OPERATION_NOT_ALLOWED');
    expect(await p.sim.json('DELETE', api('/objects/documents/118/lock'), p.bob)).toEqual({ responseStatus: 'SUCCESS', responseMessage: 'Undo check out successful.' });
    expect((await doc(118, p.alice)).locked__v).toBe(false);
    expect((await p.sim.json('DELETE', api('/objects/documents/118/lock'), p.bob)).errors[0]).toEqual({ type: 'OPERATION_NOT_ALLOWED', message: 'Document [118] is not checked out.' });
  });

  it('a tenant administrator may undo anyone\'s check-out', async () => {
    await p.sim.json('POST', api('/objects/documents/101/lock'), p.alice);
    expect((await p.sim.json('DELETE', api('/objects/documents/101/lock'), p.admin)).responseStatus).toBe('SUCCESS');
  });

  it('a hidden document answers like an unknown one', async () => {
    expect((await p.sim.json('POST', api('/objects/documents/115/lock'), p.alice)).errors[0]).toEqual({ type: 'INVALID_DATA', message: 'The resource [115] does not exist' });
    expect((await p.sim.json('POST', api('/objects/documents/102/lock'), p.bob)).errors[0]).toEqual({ type: 'INVALID_DATA', message: 'The resource [102] does not exist' });
  });
});
