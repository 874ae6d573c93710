import { describe, expect, it } from 'vitest';
import { parseDuration } from './duration';
import { pathGlob } from './glob';
import { compileMatcher, readMatcher } from './match';

describe('pathGlob', () => {
  it('* stays within one segment, ** crosses segments, the rest is literal', () => {
    const one = pathGlob('/api/*/objects/documents');
    expect(one('/api/v25.3/objects/documents')).toBe(true);
    expect(one('/api/v25.3/x/objects/documents')).toBe(false);
    expect(one('/api/v25.3/objects/documents/1')).toBe(false);
    const any = pathGlob('/api/**/documents/*');
    expect(any('/api/v25.3/objects/documents/12')).toBe(true);
    expect(any('/api/v25.3/objects/documents')).toBe(false);
    expect(pathGlob('**')('/anything/at/all')).toBe(true);
    expect(pathGlob('/api/v25.3')('/api/v25x3')).toBe(false);
    expect(pathGlob('/a(b)+')('/a(b)+')).toBe(true);
  });
});

describe('parseDuration', () => {
  it('reads ISO-8601 durations into milliseconds', () => {
    expect(parseDuration('PT21M')).toBe(21 * 60_000);
    expect(parseDuration('P1DT2H')).toBe(26 * 3600_000);
    expect(parseDuration('PT0.5S')).toBe(500);
    expect(parseDuration('P2W')).toBe(14 * 86_400_000);
    expect(parseDuration('P1Y')).toBe(365 * 86_400_000);
    expect(parseDuration('pt1h30m')).toBe(90 * 60_000);
  });
  it('refuses what is not one', () => {
    for (const bad of ['', 'P', 'PT', '21M', 'PT-1M', '-PT1M', 'P1H', 'PT1D', 'P1DT', 'PT1M2H']) expect(parseDuration(bad), bad).toBeUndefined();
  });
});

describe('matchers', () => {
  const facts = { operationId: 'listDocuments', method: 'GET', path: '/tenants/promo.acme.example/api/v25.3/objects/documents', tenant: { id: 1001, dns: 'promo.acme.example' }, user: { id: 7, username: 'alice@acme.example' } };
  it('every given field must match; a glob also matches without the /tenants/<dns> prefix', () => {
    expect(compileMatcher({})(facts)).toBe(true);
    expect(compileMatcher({ path: '/api/*/objects/documents', method: 'get' })(facts)).toBe(true);
    expect(compileMatcher({ path: '/tenants/*/api/**' })(facts)).toBe(true);
    expect(compileMatcher({ tenant: '1001', user: 'ALICE@acme.example' })(facts)).toBe(true);
    expect(compileMatcher({ tenant: 'quality.acme.example' })(facts)).toBe(false);
    expect(compileMatcher({ user: '8' })(facts)).toBe(false);
    expect(compileMatcher({ operationId: 'runQuery' })(facts)).toBe(false);
    expect(compileMatcher({ user: 'alice@acme.example' })({ ...facts, user: undefined })).toBe(false);
  });
  it('readMatcher takes strings (numbers for tenant and user) and names a wrong field', () => {
    expect(readMatcher({ tenant: 1001, path: '/x', other: 1 })).toEqual({ tenant: '1001', path: '/x' });
    expect(() => readMatcher({ method: 3 })).toThrow('"method" must be a non-empty string');
  });
});
