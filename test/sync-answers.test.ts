/**
 * A read that waits for nothing is answered in one go (issue 19, src/http/answer.ts): the app's
 * fetch gives the Response itself, not a promise, through every stage (the journal and the faults
 * stages included); a request that reads a body, and a fault rule's delay, still wait.
 */
import { describe, expect, it } from 'vitest';
import { createSimulator } from '../src/simulator';
import { BASE, PASSWORD, V } from './helpers/sim';

describe('answers made in one go', () => {
  it('gives a read its answer at once, and a login (a form body) a promise of it', async () => {
    const sim = createSimulator({ publicUrl: BASE });
    const login = sim.app.fetch(new Request(`${BASE}/api/${V}/auth`, {
      method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username: 'alice@acme.example', password: PASSWORD, tenantDNS: 'promo.acme.example' }),
    }));
    expect(login).toBeInstanceOf(Promise);
    const { sessionId } = await (await login).json();
    const headers = { Authorization: sessionId };
    for (const path of [`/api/${V}/objects/documents?limit=5&sort=name__v DESC`, `/api/${V}/objects/documents/101`, `/api/${V}/metadata/objects/documents/properties`]) {
      const answer = sim.app.fetch(new Request(`${BASE}${path}`, { headers }));
      expect(answer, path).toBeInstanceOf(Response);
      expect((await (answer as Response).json()).responseStatus, path).toBe('SUCCESS');
    }
    // A bad session is answered at once too (the errors stage catches the thrown refusal).
    const refused = sim.app.fetch(new Request(`${BASE}/api/${V}/objects/documents`, { headers: { Authorization: 'F00D' } }));
    expect(refused).toBeInstanceOf(Response);
    expect((await (refused as Response).json()).errors[0].type).toBe('INVALID_SESSION_ID');
    // The journal recorded them all.
    const journal = await (await sim.fetch(new Request(`${BASE}/_sim/journal?limit=10`))).json();
    const seen = journal.requests.map((r: { operationId: string; responseStatus: string }) => `${r.operationId} ${r.responseStatus}`).sort();
    expect(seen).toEqual(['createSession SUCCESS', 'getDocument SUCCESS', 'listDocumentFields SUCCESS', 'listDocuments FAILURE', 'listDocuments SUCCESS']);
    // A fault rule's delay waits (a promise), and the answer still comes.
    const rule = await sim.fetch(new Request(`${BASE}/_sim/faults`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ operationId: 'getDocument', delayMs: 1 }) }));
    expect(rule.status).toBe(201);
    const delayed = sim.app.fetch(new Request(`${BASE}/api/${V}/objects/documents/101`, { headers }));
    expect(delayed).toBeInstanceOf(Promise);
    expect((await (await delayed).json()).responseStatus).toBe('SUCCESS');
  });
});
