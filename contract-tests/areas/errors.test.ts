/** The FAILURE shape for bad sessions, bad queries, bad ids, unknown paths, wrong methods and versions, bad logins. */
import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { failure } from '../lib/client';
import { anonymous, area, check, contract, user1 } from '../lib/check';

const junkSession = () => `CONTRACT${randomBytes(16).toString('hex').toUpperCase()}`;
/** An id no tenant hands out (the largest the spec allows). */
const NO_SUCH_DOC = '9223372036854775807';

area('errors', 'error shapes', () => {
  check('a bad session on the document list: FAILURE INVALID_SESSION_ID', async () => {
    const c = anonymous();
    failure(await c.get(c.v('/objects/documents'), { session: junkSession(), expectOp: 'listDocuments' }), 'INVALID_SESSION_ID');
  });

  check('no session at all: FAILURE INVALID_SESSION_ID', async () => {
    const c = anonymous();
    failure(await c.get(c.v('/objects/documents'), { session: null, expectOp: 'listDocuments' }), 'INVALID_SESSION_ID');
  });

  check('a bad session as Bearer on the query endpoint: FAILURE INVALID_SESSION_ID', async () => {
    const c = anonymous();
    failure(await c.post(c.v('/query'), { headers: { Authorization: `Bearer ${junkSession()}` }, form: { q: 'SELECT id FROM documents' }, expectOp: 'runQuery' }), 'INVALID_SESSION_ID');
  });

  check('a bad query: FAILURE INCORRECT_QUERY_SYNTAX_ERROR', async () => {
    const c = user1();
    failure(await c.post(c.v('/query'), { form: { q: 'SELECT FROM WHERE documents' }, expectOp: 'runQuery' }), 'INCORRECT_QUERY_SYNTAX_ERROR');
  });

  check('a query of an unknown field: FAILURE INCORRECT_QUERY_SYNTAX_ERROR', async () => {
    const c = user1();
    failure(await c.post(c.v('/query'), { form: { q: 'SELECT contract_no_such_field__c FROM documents' }, expectOp: 'runQuery' }), 'INCORRECT_QUERY_SYNTAX_ERROR');
  });

  check('an unknown document id: FAILURE', async () => {
    const c = user1();
    const a = failure(await c.get(c.v(`/objects/documents/${NO_SUCH_DOC}`), { expectOp: 'getDocument' }));
    expect(a.json.errors.length).toBeGreaterThan(0);
  });

  check('an unknown document id on its versions and file: FAILURE', async () => {
    const c = user1();
    failure(await c.get(c.v(`/objects/documents/${NO_SUCH_DOC}/versions`), { expectOp: 'listDocumentVersions' }));
    failure(await c.get(c.v(`/objects/documents/${NO_SUCH_DOC}/file`), { expectOp: 'downloadDocumentFile' }));
  });

  check('a document id that is not a number: FAILURE INVALID_DATA', async () => {
    const c = user1();
    failure(await c.get(c.v('/objects/documents/not-a-number'), { expectOp: 'getDocument' }), 'INVALID_DATA');
  });

  check('an unknown path: FAILURE MALFORMED_URL', async () => {
    const c = user1();
    failure(await c.get(c.v('/contract-no-such-resource'), { unmatched: true }), 'MALFORMED_URL');
    failure(await c.get('/api/contract-no-such-resource/at/all', { unmatched: true }), ['MALFORMED_URL', 'METHOD_NOT_SUPPORTED']);
  });

  check('an unknown path still echoes X-TenantAPI-ReferenceId and reports the burst (gaps.md §12)', async () => {
    const c = user1();
    const a = await c.get(c.v('/contract-no-such-resource'), { unmatched: true, headers: { 'X-TenantAPI-ReferenceId': 'contract-ref-1' } });
    failure(a, 'MALFORMED_URL');
    expect(a.headers.get('x-tenantapi-referenceid'), 'X-TenantAPI-ReferenceId echoed').toBe('contract-ref-1');
    expect(a.headers.get('x-tenantapi-burstlimit'), 'X-TenantAPI-BurstLimit').toMatch(/^\d+$/);
    expect(a.headers.get('x-tenantapi-burstlimitremaining'), 'X-TenantAPI-BurstLimitRemaining').toMatch(/^\d+$/);
  });

  check('a method the path does not take: FAILURE METHOD_NOT_SUPPORTED', async () => {
    const c = anonymous();
    failure(await c.call('PUT', '/api/', { session: null, unmatched: true }), 'METHOD_NOT_SUPPORTED');
  });

  check('a version the version list does not hold: FAILURE METHOD_NOT_SUPPORTED', async () => {
    const c = user1();
    failure(await c.get(`${contract.baseUrl}/api/v0.1/objects/documents`, { expectOp: 'listDocuments' }), 'METHOD_NOT_SUPPORTED');
  });

  check('an unknown named_filter: FAILURE INVALID_FILTER', async () => {
    const c = user1();
    failure(await c.get(c.v('/objects/documents'), { query: { named_filter: 'Contract No Such Filter' }, expectOp: 'listDocuments' }), 'INVALID_FILTER');
  });

  check('a login of an unknown user: FAILURE USERNAME_OR_PASSWORD_INCORRECT', async () => {
    const c = anonymous();
    const a = failure(
      await c.post(c.v('/auth'), { session: null, form: { username: `contract-nobody-${randomBytes(4).toString('hex')}@invalid.example`, password: 'x' }, expectOp: 'createSession' }),
      'USERNAME_OR_PASSWORD_INCORRECT',
    );
    expect(a.json).not.toHaveProperty('sessionId');
  });

  check('a next_page link that was never handed out: FAILURE', async () => {
    const c = user1();
    failure(await c.post(c.v('/query/contract-no-such-query'), { query: { pagesize: 10, pageoffset: 10 }, expectOp: 'getQueryPage' }));
  });
});
