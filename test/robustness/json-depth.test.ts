/**
 * Issue 18, defect 5: `/oauth2/register` with 10,000 nested arrays answered HTTP 500 (the stack
 * overflowed while building the validation message). JSON bodies nested deeper than 64 levels are
 * refused before parsing or validation, in the endpoint's own error shape.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../src/domain/errors';
import { MAX_JSON_DEPTH, nestsDeeperThan, parseJson } from '../../src/http/body';
import { type TestSim, testSim } from '../helpers/sim';

const nested = (depth: number, inner = '0') => '['.repeat(depth) + inner + ']'.repeat(depth);
const bytes = (text: string) => new Uint8Array(Buffer.from(text, 'utf8'));

describe('JSON nesting bound', () => {
  it('counts arrays and objects, not brackets inside strings (escaped quotes included)', () => {
    expect(nestsDeeperThan(nested(64), 64)).toBe(false);
    expect(nestsDeeperThan(nested(65), 64)).toBe(true);
    expect(nestsDeeperThan(`{"a":${nested(63)}}`, 64)).toBe(false);
    expect(nestsDeeperThan(`{"a":${nested(64)}}`, 64)).toBe(true);
    expect(nestsDeeperThan(JSON.stringify({ s: '['.repeat(1000) + '\\"[[[' }), 64)).toBe(false);
    expect(nestsDeeperThan('[1],[2],'.repeat(10_000), 1)).toBe(false);
  });

  it('parseJson refuses a body nested deeper than MAX_JSON_DEPTH with INVALID_DATA, and reads one at the bound', () => {
    expect(MAX_JSON_DEPTH).toBe(64);
    expect(parseJson(bytes(`{"a":${nested(63)}}`))).toEqual({ a: JSON.parse(nested(63)) });
    let error: unknown;
    try {
      parseJson(bytes(`{"a":${nested(10_000)}}`));
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).errors).toEqual([{ type: 'INVALID_DATA', message: 'The request body nests deeper than the maximum of 64 levels.' }]);
  });
});

describe('JSON nesting over HTTP (regression: /oauth2/register with 10,000 nested arrays)', () => {
  let sim: TestSim;
  afterEach(() => expect(sim.breaches).toEqual([]));

  it('answers OAuth\'s 400 {error, error_description}, not a 500', async () => {
    sim = testSim();
    for (const body of [`{"redirect_uris":${nested(10_000, '"http://localhost/cb"')}}`, nested(100_000)]) {
      const res = await sim.call('POST', '/oauth2/register', { headers: { 'Content-Type': 'application/json' }, body });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error: 'invalid_request', error_description: 'The request body nests deeper than the maximum of 64 levels.' });
    }
    // A well-formed registration still works.
    const ok = await sim.call('POST', '/oauth2/register', { headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ redirect_uris: ['http://localhost/cb'] }) });
    expect(ok.status).toBe(200);
  });
});
