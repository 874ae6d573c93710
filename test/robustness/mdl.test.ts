/**
 * Issue 18, defects 3 and 4: MDL execute was quadratic and held the process (each statement scanned
 * every component: 4,000 CREATEs took 16 s, during which `GET /api/` waited), and listing component
 * records was quadratic (7,754 picklists: 34 s). No timed assertion here: the cost is counted as
 * registry visits through an instrumented registry, and yielding is shown by promise ordering.
 */
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import {
  ComponentRegistry, MAX_SCRIPT_BYTES, MAX_SCRIPT_STATEMENTS, createRegistry, executeScript, executeScriptAsync, recordsJson,
} from '../../src/domain/configuration';
import { parseInSlices, statementEnds } from '../../src/domain/configuration/script-parse';
import { ApiError } from '../../src/domain/errors';
import { MdlError, parseWithSpans } from '../../src/mdl';
import { type TestSim, V, testSim } from '../helpers/sim';

/**
 * Every record a registry hands out (one per get, each of a list, of all(), of referrersOf) counts
 * as a visit, for every registry, drafts included: the methods are counted on the prototype while
 * `fn` runs.
 */
let visits = 0;
function counting<T>(fn: () => T): T {
  const proto = ComponentRegistry.prototype as unknown as Record<string, (...args: unknown[]) => unknown>;
  const originals = (['get', 'list', 'all', 'referrersOf'] as const).map((m) => [m, proto[m]] as const);
  for (const [m, original] of originals) {
    proto[m] = function (this: ComponentRegistry, ...args: unknown[]) {
      const r = original.apply(this, args);
      visits += Array.isArray(r) ? r.length : 1;
      return r;
    };
  }
  try {
    return fn();
  } finally {
    for (const [m, original] of originals) proto[m] = original;
  }
}

/** n picklists, each used by a Docfield, so that every picklist has a referrer. */
const picklistsWithFields = (n: number, from = 0) =>
  Array.from({ length: n }, (_, k) => {
    const i = from + k;
    return `CREATE Picklist p${i}__c (label('P ${i}'), Picklistentry e__c (value('E'), order(0)));\nCREATE Docfield f${i}__c (label('F ${i}'), type('Picklist'), picklist('Picklist.p${i}__c'));`;
  }).join('\n');

function visitsOfScript(n: number): number {
  const registry = createRegistry([]);
  visits = 0;
  counting(() => expect(executeScript(registry, picklistsWithFields(n), { tenantDns: 't' }).responseStatus).toBe('SUCCESS'));
  return visits;
}

describe('MDL execute: cost per statement (regression: quadratic)', () => {
  it('registry visits grow linearly with the statements of a script', () => {
    const small = visitsOfScript(250);
    const large = visitsOfScript(1000); // 2,000 statements
    expect(large).toBeLessThanOrEqual(4.2 * small);
    expect(large).toBeLessThanOrEqual(10 * 2000);
  });

  it('DROP and RENAME find referrers through the index, not by scanning', () => {
    const registry = createRegistry([]);
    executeScript(registry, picklistsWithFields(1000), { tenantDns: 't' });
    visits = 0;
    const script = Array.from({ length: 500 }, (_, i) => `DROP Docfield f${i}__c;\nDROP Picklist p${i}__c;\nRENAME Picklist p${500 + i}__c TO q${i}__c;`).join('\n');
    counting(() => expect(executeScript(registry, script, { tenantDns: 't' }).responseStatus).toBe('SUCCESS'));
    expect(visits).toBeLessThanOrEqual(10 * 1500);
    // The renames rewrote the fields' references, in place in the definition order.
    expect(registry.get('Docfield', 'f500__c')?.attributes.picklist).toBe('Picklist.q0__c');
    expect(registry.list('Picklist').map((r) => r.name).slice(0, 3)).toEqual(['q0__c', 'q1__c', 'q2__c']);
    expect(registry.referrersOf('Picklist', 'q0__c')).toEqual([{ component: 'Docfield.f500__c', attribute: 'picklist' }]);
  });
});

describe('MDL script bounds', () => {
  const run = (script: string) => executeScript(createRegistry([]), script, { tenantDns: 't' });
  const refusal = (script: string) => {
    try {
      run(script);
    } catch (e) {
      return (e as ApiError).errors;
    }
    return undefined;
  };

  it('takes exactly 10,000 statements; 10,001 are INVALID_DATA, before parsing, and change nothing', () => {
    expect(MAX_SCRIPT_STATEMENTS).toBe(10_000);
    const statements = (n: number) => Array.from({ length: n }, (_, i) => `CREATE Picklist p${i}__c (label('P'));`).join('\n');
    const registry = createRegistry([]);
    expect(executeScript(registry, statements(10_000), { tenantDns: 't' }).statement_execution).toHaveLength(10_000);
    expect(registry.list('Picklist')).toHaveLength(10_000);
    expect(refusal(statements(10_001))).toEqual([{ type: 'INVALID_DATA', message: 'The MDL script has more than the maximum of 10000 statements.' }]);
    // Counted before parsing: 10,001 bare semicolons are refused as too many, not as a syntax error.
    expect(refusal(';'.repeat(10_001))?.[0].message).toMatch(/more than the maximum of 10000 statements/);
  });

  it('takes 1 MB of UTF-8; one byte more is INVALID_DATA (bytes, not characters)', () => {
    expect(MAX_SCRIPT_BYTES).toBe(1_048_576);
    const statement = "\nCREATE Picklist big__c (label('B'));";
    const pad = (bytes: number) => `#${'x'.repeat(bytes - 1 - statement.length)}${statement}`;
    expect(Buffer.byteLength(pad(MAX_SCRIPT_BYTES))).toBe(MAX_SCRIPT_BYTES);
    expect(run(pad(MAX_SCRIPT_BYTES)).responseStatus).toBe('SUCCESS');
    expect(refusal(pad(MAX_SCRIPT_BYTES + 1))).toEqual([{ type: 'INVALID_DATA', message: 'The MDL script is larger than the maximum of 1048576 bytes.' }]);
    expect(refusal(`#${'é'.repeat(600_000)}${statement}`)?.[0].message).toMatch(/larger than the maximum/);
  });
});

describe('parsing a slice at a time', () => {
  const outcome = (f: () => unknown) => {
    try {
      return { ok: f() };
    } catch (e) {
      if (!(e instanceof MdlError)) throw e;
      return { error: { code: e.code, message: e.message, line: e.line, column: e.column, context: e.context, statement: e.statement } };
    }
  };
  const sliced = (text: string, per: number) => () => {
    const steps = parseInSlices(text, statementEnds(text), per);
    for (;;) {
      const s = steps.next();
      if (s.done) return s.value;
    }
  };

  it('gives what parsing the whole script gives, statements or the first error, for any slicing', () => {
    const piece = fc.constantFrom(
      "CREATE Picklist a__c (label('x;y'));", 'DROP Picklist b__c;', "# comment; with 'quote\n", "ALTER Picklist a__c (label('it\\'s;'));",
      '\n', '  ', ';', "'", '(', ')', 'x', '#', '\\', 'RENAME Picklist a__c TO b__c;', '9.', '"', 'é', "label('multi\nline;')",
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 14 }), fc.integer({ min: 1, max: 4 }), (pieces, per) => {
        const text = pieces.join('');
        expect(outcome(sliced(text, per))).toEqual(outcome(() => parseWithSpans(text)));
      }),
      { numRuns: 1500 },
    );
  });
});

describe('MDL execute over HTTP: other requests go first, nobody sees half a script', () => {
  let sim: TestSim;
  afterEach(() => expect(sim.breaches).toEqual([]));

  it('GET /api/ and a component list issued during a long execute are answered before it ends; the list shows none of the script', async () => {
    sim = testSim({ settings: { throttling: false } });
    const admin = await sim.login('tenant.admin@acme.example');
    const promo = sim.world.configuration.get(sim.world.tenants.byDnsName('promo.acme.example')!.id)!;
    const before: number = (await sim.json('GET', `/api/${V}/configuration/Picklist`, admin)).data.length;
    // The draft is cloned once the script is parsed: from then on the statements are being applied.
    let applying = false;
    const clone = promo.clone.bind(promo);
    promo.clone = () => {
      applying = true;
      return clone();
    };
    const order: string[] = [];
    const script = Array.from({ length: 3000 }, (_, i) => `CREATE Picklist bulk${i}__c (label('B ${i}'));`).join('\n');
    const execute = sim.json('POST', '/api/mdl/execute', admin, { body: script, headers: { 'Content-Type': 'text/plain' } }).then((r) => {
      order.push('execute');
      return r;
    });
    while (!applying) await new Promise((resolve) => setImmediate(resolve));
    const versions = sim.call('GET', '/api/').then((r) => {
      order.push('versions');
      return r;
    });
    const list = sim.json('GET', `/api/${V}/configuration/Picklist`, admin).then((r) => {
      order.push('list');
      return r;
    });
    const [done, , during] = await Promise.all([execute, versions, list]);
    expect(order).toEqual(['versions', 'list', 'execute']);
    expect(done.responseStatus).toBe('SUCCESS');
    expect(during.data).toHaveLength(before);
    expect((await sim.json('GET', `/api/${V}/configuration/Picklist`, admin)).data).toHaveLength(before + 3000);
  });

  it('scripts of one tenant run one after the other; a failing long script applies nothing', async () => {
    sim = testSim({ settings: { throttling: false } });
    const admin = await sim.login('tenant.admin@acme.example');
    const mdl = (script: string) => sim.json('POST', '/api/mdl/execute', admin, { body: script, headers: { 'Content-Type': 'text/plain' } });
    const first = mdl(Array.from({ length: 1500 }, (_, i) => `CREATE Picklist s${i}__c (label('S'));`).join('\n'));
    const second = mdl("ALTER Picklist s1499__c (label('Second'));"); // needs the first script's last statement
    const failing = mdl(`${Array.from({ length: 1500 }, (_, i) => `CREATE Picklist failing${i}__c (label('T'));`).join('\n')}\nDROP Picklist nothing__c;`);
    const [a, b, c] = await Promise.all([first, second, failing]);
    expect([a.responseStatus, b.responseStatus, c.responseStatus]).toEqual(['SUCCESS', 'SUCCESS', 'FAILURE']);
    expect(c.statement_execution[0].statement).toBe(1501);
    const picklists = (await sim.json('GET', `/api/${V}/configuration/Picklist`, admin)).data as { name: string; label: string }[];
    expect(picklists.find((p) => p.name === 's1499__c')?.label).toBe('Second');
    expect(picklists.some((p) => p.name.startsWith('failing'))).toBe(false);
  });

  it('a change committed while a script runs refuses the script (nothing of it applied), naming the reason', async () => {
    const registry = createRegistry([]);
    let applying = false;
    const clone = registry.clone.bind(registry);
    registry.clone = () => {
      applying = true;
      return clone();
    };
    const pending = executeScriptAsync(registry, Array.from({ length: 1000 }, (_, i) => `CREATE Picklist a${i}__c (label('A'));`).join('\n'), { tenantDns: 't' });
    while (!applying) await new Promise((resolve) => setImmediate(resolve));
    registry.clone = clone;
    expect(executeScript(registry, "CREATE Picklist other__c (label('O'));", { tenantDns: 't' }).responseStatus).toBe('SUCCESS');
    const result = await pending;
    expect(result.responseStatus).toBe('FAILURE');
    expect(result.statement_execution[0].errors?.[0]).toMatchObject({ code: 'CFG-F-250', message: expect.stringMatching(/changed while the script ran/) });
    expect(registry.list('Picklist').map((r) => r.name)).toEqual(['other__c']);
  });
});

describe('listing component records (regression: quadratic, 34 s for 7,754 picklists)', () => {
  it('visits each record and each referrer once; the same revision hands out the kept list without visiting', () => {
    const count = (n: number) => {
      const registry = createRegistry([]);
      executeScript(registry, picklistsWithFields(n), { tenantDns: 't' });
      visits = 0;
      const data = counting(() => recordsJson(registry, 'Picklist'));
      expect(data).toHaveLength(n);
      const first = visits;
      visits = 0;
      expect(counting(() => recordsJson(registry, 'Picklist'))).toBe(data);
      expect(visits).toBe(0);
      return { first, data };
    };
    const small = count(500);
    const large = count(2000);
    expect(small.first).toBe(2 * 500); // the list, then one referrer per picklist
    expect(large.first).toBe(2 * 2000);
    expect(large.data[7]).toMatchObject({ name: 'p7__c', used_in: [{ object_name: 'documents', field_name: 'f7__c' }] });
  });

  it('over HTTP: GET /configuration/Picklist with thousands of picklists visits linearly; a change shows at once', async () => {
    const sim = testSim({ settings: { throttling: false } });
    const admin = await sim.login('tenant.admin@acme.example');
    const promo = sim.world.configuration.get(sim.world.tenants.byDnsName('promo.acme.example')!.id)!;
    expect((await sim.json('POST', '/api/mdl/execute', admin, { body: picklistsWithFields(3000), headers: { 'Content-Type': 'text/plain' } })).responseStatus).toBe('SUCCESS');
    let seen = 0;
    for (const method of ['get', 'list', 'all', 'referrersOf'] as const) {
      const original = (promo[method] as (...a: unknown[]) => unknown).bind(promo);
      (promo as unknown as Record<string, unknown>)[method] = (...args: unknown[]) => {
        const r = original(...args);
        seen += Array.isArray(r) ? r.length : 1;
        return r;
      };
    }
    const total = promo.list('Picklist').length;
    seen = 0;
    const body = await sim.json('GET', `/api/${V}/configuration/Picklist`, admin);
    expect(body.data).toHaveLength(total);
    expect(seen).toBeLessThanOrEqual(3 * total);
    seen = 0;
    await sim.json('GET', `/api/${V}/configuration/Picklist`, admin);
    expect(seen).toBe(0);
    await sim.json('POST', '/api/mdl/execute', admin, { body: "CREATE Picklist late__c (label('L'));", headers: { 'Content-Type': 'text/plain' } });
    const after = await sim.json('GET', `/api/${V}/configuration/Picklist`, admin);
    expect(after.data).toHaveLength(total + 1);
    const xml = await (await sim.call('GET', `/api/${V}/configuration/Picklist`, { headers: { Authorization: admin, Accept: 'application/xml' } })).text();
    expect(xml).toContain('late__c');
    expect(sim.breaches).toEqual([]);
  });
});
