/**
 * The `id` field's bounds (issue 15, item 12): a client reading the document field metadata
 * (endpoint 15) gets `minValue` 0 and `maxValue` 9223372036854775807, the latter written in the
 * JSON text as exactly those digits (a JSON number; a JS number would round it to ...776000).
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { testSim, V, type TestSim } from '../helpers/sim';

let sim: TestSim;
let alice: string;
beforeAll(async () => {
  sim = testSim();
  alice = await sim.login('alice@acme.example', { tenantDNS: 'promo.acme.example' });
});
afterEach(() => expect(sim.breaches).toEqual([]));

const fields = (accept = 'application/json') => sim.call('GET', `/api/${V}/metadata/objects/documents/properties`, { headers: { Authorization: alice, Accept: accept } });

describe('the id field metadata', () => {
  it('JSON: minValue 0 and maxValue 9223372036854775807, the exact digits as a JSON number', async () => {
    const text = await (await fields()).text();
    const id = JSON.parse(text).properties.find((f: { name: string }) => f.name === 'id');
    expect(id).toMatchObject({ name: 'id', type: 'id', minValue: 0 });
    expect(typeof id.maxValue).toBe('number');
    expect(text).toMatch(/"name":"id",[^}]*"minValue":0,"maxValue":9223372036854775807[,}]/);
    // A client parsing big integers exactly (e.g. a JSON reader with BigInt support) gets 2^63-1.
    expect(/"maxValue":(\d+)/.exec(text.slice(text.indexOf('"name":"id"')))![1]).toBe(String(2n ** 63n - 1n));
  });

  it('XML: the same digits', async () => {
    const text = await (await fields('application/xml')).text();
    expect(text).toContain('<maxValue>9223372036854775807</maxValue>');
  });

  it('number fields keep their plain bounds', async () => {
    const body = await (await fields()).json();
    expect(body.properties.find((f: { name: string }) => f.name === 'pages__v')).toMatchObject({ minValue: 0, maxValue: 2147483647 });
  });
});
