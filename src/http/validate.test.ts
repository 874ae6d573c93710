import { describe, expect, it } from 'vitest';
import { loadOpenApi } from '../openapi/load';
import { SHOWN_MAX, compileRequestValidator, newAjv } from './validate';

const openapi = loadOpenApi();
const op = (id: string) => openapi.operations.find((o) => o.id === id)!;

describe('compileRequestValidator', () => {
  it('checks optional plain-string parameters without ajv, and hands anything else to ajv', () => {
    let made = 0;
    const ajv = () => {
      made++;
      return newAjv(true, openapi.document);
    };
    const v = compileRequestValidator(ajv, op('listVersions'));
    const parts = { path: {}, query: { client_id: 'my-app' }, header: { 'x-tenantapi-referenceid': 'r-1' } };
    v.params(parts);
    expect(made).toBe(0);
    expect(parts.query).toEqual({ client_id: 'my-app' });
    // A value that is not a string (in-process callers) gets ajv's answer: coerced to a string.
    const odd = { path: {}, query: { client_id: 42 as unknown as string }, header: {} };
    v.params(odd);
    expect(made).toBe(1);
    expect(odd.query).toEqual({ client_id: '42' });
    // Rejected exactly as ajv rejects it.
    expect(() => v.params({ path: {}, query: { client_id: { x: 1 } as unknown as string }, header: {} })).toThrow(/INVALID_DATA|Invalid value/);
  });

  it('compiles a constrained parameter with ajv and answers its FAILURE', () => {
    const v = compileRequestValidator(() => newAjv(true, openapi.document), op('listDocuments'));
    const parts = { path: { version: 'v25.3' }, query: { limit: '20' }, header: {} };
    v.params(parts);
    expect(parts.query.limit).toBe(20);
    expect(() => v.params({ path: { version: 'v25.3' }, query: { limit: 'abc' }, header: {} })).toThrow();
  });
});

describe('a rejected value in the FAILURE message', () => {
  it(`is quoted whole up to ${SHOWN_MAX} characters, and cut with its length beyond`, () => {
    const v = compileRequestValidator(() => newAjv(true, openapi.document), op('listDocuments'));
    const long = 'x'.repeat(5000);
    let message = '';
    try {
      v.params({ path: { version: 'v25.3' }, query: { limit: long }, header: {} });
    } catch (e) {
      message = (e as { errors: { message: string }[] }).errors[0].message;
    }
    expect(message).toBe(`Invalid value [${'x'.repeat(SHOWN_MAX)}… (5000 characters)] for parameter [limit] specified`);
    expect(() => v.params({ path: { version: 'v25.3' }, query: { limit: 'many' }, header: {} })).toThrow('Invalid value [many] for parameter [limit] specified');
  });
});
