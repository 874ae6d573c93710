/**
 * A world changed through the service API, and the checks that it still is (snapshot round trips,
 * in process and through --state-file across a restart): a new document with a file, checked out
 * by its owner; an MDL change; a staged MDL file; a session; Recent Documents.
 */
import { expect } from 'vitest';

export type Call = (method: string, path: string, init?: { headers?: Record<string, string>; body?: BodyInit }) => Promise<Response>;

const V = 'v25.3';
const PROMO = 'promo.acme.example';
export const CONTENT = 'Snapshot probe\nsecond line\n';

export interface Changed {
  bob: string;
  admin: string;
  docId: number;
  staged: string;
}

async function login(call: Call, username: string): Promise<string> {
  const res = await call('POST', `/api/${V}/auth`, { body: new URLSearchParams({ username, password: 'Passw0rd!', tenantDNS: PROMO }) });
  const body = await res.json();
  expect(body.responseStatus, JSON.stringify(body)).toBe('SUCCESS');
  return body.sessionId;
}

const json = async (call: Call, method: string, path: string, session: string, body?: BodyInit, headers: Record<string, string> = {}) =>
  (await call(method, path, { headers: { Authorization: session, ...headers }, body })).json();

export async function changeWorld(call: Call): Promise<Changed> {
  const bob = await login(call, 'bob@acme.example');
  const admin = await login(call, 'tenant.admin@acme.example');
  const form = new FormData();
  form.append('file', new Blob([CONTENT], { type: 'text/plain' }), 'probe.txt');
  for (const [k, v] of Object.entries({ name__v: 'Snapshot Probe', type__v: 'Product Label', lifecycle__v: 'General Lifecycle' })) form.append(k, v);
  const created = await json(call, 'POST', `/api/${V}/objects/documents`, bob, form);
  expect(created.responseStatus, JSON.stringify(created)).toBe('SUCCESS');
  const locked = await json(call, 'POST', `/api/${V}/objects/documents/${created.id}/lock`, bob);
  expect(locked.responseStatus, JSON.stringify(locked)).toBe('SUCCESS');
  const mdl = await json(call, 'POST', '/api/mdl/execute', admin, "RECREATE Renditiontype snapshot_probe__c (label('Snapshot probe'));", { 'Content-Type': 'text/plain' });
  expect(mdl.responseStatus, JSON.stringify(mdl)).toBe('SUCCESS');
  const staged = await json(call, 'POST', '/api/mdl/files', admin, new URLSearchParams({ file: 'staged text', filename: 'staged.txt' }), { 'Content-Type': 'application/x-www-form-urlencoded' });
  expect(staged.responseStatus, JSON.stringify(staged)).toBe('SUCCESS');
  expect((await json(call, 'GET', `/api/${V}/objects/documents/103`, bob)).responseStatus).toBe('SUCCESS');
  return { bob, admin, docId: created.id, staged: staged.data.name__v };
}

/** The changes are all there, seen through the service API (the sessions still work). */
export async function expectChanged(call: Call, c: Changed): Promise<void> {
  const doc = await json(call, 'GET', `/api/${V}/objects/documents/${c.docId}`, c.bob);
  expect(doc.responseStatus, JSON.stringify(doc)).toBe('SUCCESS');
  expect(doc.document).toMatchObject({ id: c.docId, name__v: 'Snapshot Probe', filename__v: 'probe.txt', locked__v: true, created_by__v: 61003 });
  const file = await call('GET', `/api/${V}/objects/documents/${c.docId}/file`, { headers: { Authorization: c.bob } });
  expect(await file.text()).toBe(CONTENT);
  expect((await json(call, 'GET', `/api/${V}/objects/documents/${c.docId}/lock`, c.bob)).lock.locked_by__v).toBe(61003);
  const rendition = await json(call, 'GET', `/api/${V}/configuration/Renditiontype.snapshot_probe__c`, c.admin);
  expect(rendition.responseStatus, JSON.stringify(rendition)).toBe('SUCCESS');
  const recent = await json(call, 'GET', `/api/${V}/objects/documents?named_filter=${encodeURIComponent('Recent Documents')}`, c.bob);
  expect(recent.documents.map((d: { document: { id: number } }) => d.document.id)).toEqual([103, 105, c.docId]);
}

/** None of the changes are there (after a reset). */
export async function expectUnchanged(call: Call, c: Changed): Promise<void> {
  expect((await json(call, 'GET', `/api/${V}/objects/documents/${c.docId}`, c.bob)).errors[0].type).toBe('INVALID_SESSION_ID');
  const admin = await login(call, 'tenant.admin@acme.example');
  expect((await json(call, 'GET', `/api/${V}/objects/documents/${c.docId}`, admin)).errors[0].type).toBe('INVALID_DATA');
  expect((await json(call, 'GET', `/api/${V}/configuration/Renditiontype.snapshot_probe__c`, admin)).responseStatus).toBe('FAILURE');
}
