import { describe, expect, it } from 'vitest';
import { FaultRules, RuleError, readRule, ruleSummary } from './faults';
import { presetRule } from './presets';

const facts = { operationId: 'listDocuments', method: 'GET', path: '/api/v25.3/objects/documents' };

describe('FaultRules.fire', () => {
  it('every delay-only rule that fires adds up, then the first rule with another effect; times counts down', () => {
    const rules = new FaultRules(() => 0.5);
    const slow = rules.add(readRule({ delayMs: 100 }));
    const lucky = rules.add(readRule({ delayMs: 50, probability: 0.4 }));
    const fail = rules.add(readRule({ operationId: 'listDocuments', failure: 'INVALID_DATA', times: 1 }));
    const later = rules.add(readRule({ status: 503 }));
    expect(rules.fire(facts, false).map((r) => r.id)).toEqual([slow.id, fail.id]);
    expect(rules.fire(facts, false).map((r) => r.id)).toEqual([slow.id, later.id]);
    expect(rules.list().map((r) => [r.id, r.fired, r.times])).toEqual([[slow.id, 2, undefined], [lucky.id, 0, undefined], [fail.id, 1, 0], [later.id, 1, undefined]]);
  });

  it('an expireSession rule fires only for a request presenting a live session', () => {
    const rules = new FaultRules();
    rules.add(presetRule({ preset: 'expired-session' }));
    expect(rules.fire(facts, false)).toEqual([]);
    expect(rules.fire(facts, true).map((r) => r.preset)).toEqual(['expired-session']);
    expect(rules.fire(facts, true)).toEqual([]);
  });

  it('presets expand to rules; the fields given beside them narrow them', () => {
    expect(presetRule({ preset: 'throttled-login', user: 'alice@acme.example', times: 3 })).toEqual({ operationId: 'createSession', throttle: true, user: 'alice@acme.example', times: 3, preset: 'throttled-login' });
    expect(presetRule({ preset: 'expired-query-page' })).toMatchObject({ path: '/api/*/query/*', failure: 'INVALID_DATA' });
    expect(() => presetRule({ preset: 'service-unavailable', minutes: 'soon' })).toThrow(RuleError);
  });
});

describe('ruleSummary', () => {
  it('says in one line what a rule does, to which requests and how often; a check-out by what it checked out', () => {
    const rules = new FaultRules(() => 0.5);
    expect(ruleSummary(rules.add(readRule({ operationId: 'listDocuments', failure: 'INVALID_DATA', times: 1 })))).toBe('f1: failure INVALID_DATA on operationId listDocuments (1 more time)');
    expect(ruleSummary(rules.add(readRule({ delayMs: 2000, probability: 0.1 })))).toBe('f2: delay 2000 ms on every request (probability 0.1)');
    expect(ruleSummary(rules.add(readRule({ path: '/api/*/query', method: 'POST', drop: true, times: 2 })))).toBe('f3: drop on method POST, path /api/*/query (2 more times)');
    const checkedOut = { id: 'f4', preset: 'checked-out-document', fired: 0, checkedOut: { tenant: 'promo.acme.example', document: 103, by: 'bob@acme.example' } };
    expect(ruleSummary(checkedOut)).toBe('f4: document 103 checked out by bob@acme.example in promo.acme.example');
  });
});
