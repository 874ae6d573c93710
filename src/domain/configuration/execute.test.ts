import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createRegistry, executeScript, toRecreateStatement, type StagedFile, type StagingLike } from './index';
import { sampleRecords } from './sample';
import { isOneByte } from '../../../test/helpers/one-byte';

const TENANT = 'acme-promo.acme.example';

function staging(...names: string[]): StagingLike & { files: Map<string, StagedFile> } {
  const files = new Map(
    names.map((n) => [n, { name__v: n, original_name__v: `orig-${n}`, format__v: 'application/pdf', size__v: 3, sha1_checksum__v: 'abc', bytes: new Uint8Array([1, 2, 3]) }]),
  );
  return {
    files,
    has: (n) => files.has(n),
    take: (n) => {
      const f = files.get(n);
      files.delete(n);
      return f;
    },
  };
}

function run(script: string, stagedFiles?: StagingLike) {
  const registry = createRegistry(sampleRecords());
  const before = registry.all();
  let t = 1000;
  const result = executeScript(registry, script, { tenantDns: TENANT, stagedFiles, now: () => (t += 250) });
  return { registry, result, before };
}

function expectFailure(script: string, statement: number, message: RegExp, code?: string) {
  const { registry, result, before } = run(script);
  expect(result.responseStatus).toBe('FAILURE');
  expect(result.script_execution).toMatchObject({ code: 'GEN-F-401', message: 'Script execution failed', failures: 1, components_affected: 0 });
  expect(result.statement_execution).toHaveLength(1);
  const [s] = result.statement_execution;
  expect(s).toMatchObject({ tenant: TENANT, statement, response: 'FAILURE' });
  expect(s.errors?.[0].message).toMatch(message);
  if (code) expect(s.errors?.[0].code).toBe(code);
  expect(registry.all()).toEqual(before);
  return s;
}

describe('executeScript', () => {
  it('a script holding a character beyond Latin-1 gives one-byte names and values where they can be (src/one-byte.ts)', () => {
    const { registry } = run("# a comment – with an en dash\nCREATE Picklist zz_wide_script__c ( label('Wide Script'), Picklistentry zz_wide_entry__c ( value('Entry'), order(0) ) );");
    const p = registry.get('Picklist', 'zz_wide_script__c')!;
    expect([p.name, p.attributes.label, p.subcomponents.Picklistentry[0].name].map((s) => isOneByte(String(s)))).toEqual([true, true, true]);
  });

  it('CREATE answers in the spec shape', () => {
    const { registry, result } = run("CREATE Picklist size__c ( label('Size'), active(true), Picklistentry small__c ( value('Small'), order(0) ) );");
    expect(result).toEqual({
      responseStatus: 'SUCCESS',
      script_execution: { code: 'GEN-S-0', message: 'OK', warnings: 0, failures: 0, exceptions: 0, components_affected: 1, execution_time: 0.25 },
      statement_execution: [
        { tenant: TENANT, statement: 1, command: 'CREATE', component: 'Picklist.size__c', message: '[SUCCESS] CREATE Picklist size__c', response: 'SUCCESS' },
      ],
    });
    expect(registry.get('Picklist', 'size__c')).toEqual({
      type: 'Picklist',
      name: 'size__c',
      attributes: { label: 'Size', active: true },
      subcomponents: { Picklistentry: [{ name: 'small__c', attributes: { value: 'Small', order: 0 } }] },
    });
  });

  it('CREATE of an existing component fails; RECREATE replaces it wholesale', () => {
    expectFailure("CREATE Picklist color__c (label('C'));", 1, /already exists/);
    const { registry, result } = run("RECREATE Picklist color__c ( label('Colour'), Picklistentry blue__c ( value('Blue'), order(5) ) );");
    expect(result.responseStatus).toBe('SUCCESS');
    expect(registry.get('Picklist', 'color__c')).toEqual({
      type: 'Picklist',
      name: 'color__c',
      attributes: { label: 'Colour' },
      subcomponents: { Picklistentry: [{ name: 'blue__c', attributes: { value: 'Blue', order: 5 } }] },
    });
    expect(run("RECREATE Picklist new__c (label('New'));").registry.has('Picklist', 'new__c')).toBe(true);
  });

  it('ALTER changes attributes and ADDs, MODIFYs, DROPs and RENAMEs subcomponents', () => {
    const { registry, result } = run(`ALTER Picklist color__c (
      label('Colour'),
      ADD Picklistentry blue__c ( value('Blue'), order(2) ),
      MODIFY Picklistentry red__c ( value('Rouge'), active() ),
      DROP Picklistentry green__c,
      RENAME Picklistentry max__c TO top__c
    );`);
    expect(result.responseStatus).toBe('SUCCESS');
    const p = registry.get('Picklist', 'color__c')!;
    expect(p.attributes).toEqual({ label: 'Colour', active: true });
    expect(p.subcomponents.Picklistentry).toEqual([
      { name: 'red__c', attributes: { value: 'Rouge', order: 0 } },
      { name: 'top__c', attributes: { value: 'Max', order: 9223372036854775807n } },
      { name: 'blue__c', attributes: { value: 'Blue', order: 2 } },
    ]);
  });

  it('ALTER adds to and drops from multi-value attributes', () => {
    const { registry } = run(`
      CREATE Doclifecycle other__c (label('Other'));
      ALTER Doctype base_document__v ( available_lifecycles ADD ('Doclifecycle.other__c', 'general_lifecycle__c') );
      ALTER Doctype promotional__c ( rendition_types DROP ('Renditiontype.viewable_rendition__v') );`);
    expect(registry.get('Doctype', 'base_document__v')!.attributes.available_lifecycles).toEqual(['Doclifecycle.general_lifecycle__c', 'Doclifecycle.other__c']);
    expect(registry.get('Doctype', 'promotional__c')!.attributes.rendition_types).toBeUndefined();
    expectFailure("ALTER Picklist color__c ( label ADD ('x') );", 1, /multi-value attributes only/);
  });

  it('ALTER of missing subcomponents and components fails', () => {
    expectFailure('ALTER Picklist color__c ( DROP Picklistentry nope__c );', 1, /Picklistentry \[nope__c\] does not exist/);
    expectFailure("ALTER Picklist color__c ( ADD Picklistentry red__c ( value('R'), order(3) ) );", 1, /already exists/);
    expectFailure("ALTER Picklist nope__c ( label('x') );", 1, /does not exist/);
    expectFailure("ALTER Picklist color__c ( ADD Pickentry x__c ( value('x') ) );", 1, /Unknown subcomponent type \[Pickentry\]/);
  });

  it('DROP removes; refuses while referenced, naming the referrer', () => {
    expect(run('DROP Docfield budget__c;').registry.has('Docfield', 'budget__c')).toBe(false);
    expectFailure('DROP Picklist color__c;', 1, /referenced by Object.product__v .*Docfield.color__c \(attribute picklist\)/, 'CFG-F-231');
    const { registry, result } = run('DROP Docfield color__c;\nALTER Object product__v ( DROP Field color__c );\nDROP Picklist color__c;');
    expect(result.script_execution.components_affected).toBe(3);
    expect(registry.has('Picklist', 'color__c')).toBe(false);
  });

  it('RENAME updates references to the renamed component', () => {
    const { registry, result } = run('RENAME Picklist color__c TO colour__c;');
    expect(result.statement_execution[0]).toMatchObject({ command: 'RENAME', component: 'Picklist.color__c', response: 'SUCCESS' });
    expect(registry.has('Picklist', 'color__c')).toBe(false);
    expect(registry.get('Docfield', 'color__c')!.attributes.picklist).toBe('Picklist.colour__c');
    expect(registry.get('Object', 'product__v')!.subcomponents.Field[1].attributes.picklist).toBe('Picklist.colour__c');
    expectFailure('RENAME Picklist color__c TO Colour;', 1, /Invalid component name/);
  });

  it('is atomic: a valid first statement is not applied when the second fails, which is reported', () => {
    const s = expectFailure(
      "CREATE Picklist size__c (label('Size'));\nALTER Picklist color__c (\n  label('This label is far too long for a picklist label')\n);",
      2,
      /\[label\].*maximum length of 40/,
      'CFG-F-212',
    );
    expect(s).toMatchObject({ command: 'ALTER', component: 'Picklist.color__c', message: expect.stringMatching(/^\[FAILURE\] ALTER Picklist color__c: /) });
    expect(s.errors?.[0]).toMatchObject({ line: 2, context: expect.stringMatching(/^ALTER Picklist color__c \(/) });
  });

  it('enforces the spec limits', () => {
    const ok = (l: number) => `CREATE Picklist a__c (label('${'x'.repeat(l)}'));`;
    expect(run(ok(40)).result.responseStatus).toBe('SUCCESS');
    expectFailure(ok(41), 1, /maximum length of 40/);
    const entry = (v: string, o: string) => `CREATE Picklist a__c (label('A'), Picklistentry e__c (value('${v}'), order(${o})));`;
    expect(run(entry('v'.repeat(128), '9223372036854775807')).result.responseStatus).toBe('SUCCESS');
    expectFailure(entry('v'.repeat(129), '0'), 1, /maximum length of 128/);
    expectFailure(entry('v', '-1'), 1, /below the minimum of 0/, 'CFG-F-213');
    expectFailure(entry('v', '9223372036854775808'), 1, /above the maximum of 9223372036854775807/);
    expectFailure(entry('v', '1.5'), 1, /digits after the decimal point/);
    expectFailure("CREATE Picklist a__c (label('A'), active('yes'));", 1, /expected true or false/);
    expectFailure("CREATE Picklist a__c (label('A'), colour('red'));", 1, /Unknown attribute \[colour\]/, 'CFG-F-210');
    expectFailure("CREATE Picklist a__c (active(true));", 1, /Missing required attribute \[label\]/, 'CFG-F-214');
  });

  it('checks references', () => {
    expectFailure("CREATE Docfield f__c (label('F'), type('Picklist'), picklist('Picklist.none__c'));", 1, /Picklist.none__c does not exist/, 'CFG-F-230');
    const { registry } = run("CREATE Docfield f__c (label('F'), type('Picklist'), picklist('color__c'));");
    expect(registry.get('Docfield', 'f__c')!.attributes.picklist).toBe('Picklist.color__c');
  });

  it('answers a clear failure for types it does not simulate', () => {
    expectFailure("CREATE Workflow w__c (label('W'));", 1, /Component type \[Workflow\] is not simulated by dms-sim/, 'CFG-F-201');
  });

  it('reports syntax errors with line, column context and the statement', () => {
    const { result } = run("CREATE Picklist a__c (label('A'));\nCREATE Picklist b__c (label('B')\n  active(true));");
    expect(result.responseStatus).toBe('FAILURE');
    expect(result.statement_execution[0]).toMatchObject({
      statement: 2,
      command: 'CREATE',
      component: 'Picklist.b__c',
      errors: [{ line: 3, context: 'active', code: 'MDL-F-110' }],
    });
    expect(run('hello').result.statement_execution[0]).toMatchObject({ statement: 1, response: 'FAILURE', errors: [{ code: 'MDL-F-112' }] });
  });

  it('binds staged files on commit only, and keeps them on failure', () => {
    const files = staging('new.pdf', 'other.pdf');
    const registry = createRegistry(sampleRecords());
    const fail = executeScript(registry, "RECREATE Signaturepage standard_page__c (label('S'), file('new.pdf'));\nDROP Picklist color__c;", { tenantDns: TENANT, stagedFiles: files });
    expect(fail.responseStatus).toBe('FAILURE');
    expect(files.has('new.pdf')).toBe(true);
    const ok = executeScript(registry, "RECREATE Signaturepage standard_page__c (label('S'), file('new.pdf'));", { tenantDns: TENANT, stagedFiles: files });
    expect(ok.responseStatus).toBe('SUCCESS');
    expect(files.has('new.pdf')).toBe(false);
    expect(registry.files('Signaturepage', 'standard_page__c')).toEqual([
      { attribute: 'file', name__v: 'new.pdf', original_name__v: 'orig-new.pdf', format__v: 'application/pdf', size__v: 3, sha1_checksum__v: 'abc', bytes: new Uint8Array([1, 2, 3]) },
    ]);
    // Re-executing with the bound file's name needs no staging; a rename carries the files along.
    const again = executeScript(registry, "RECREATE Signaturepage standard_page__c (label('S2'), file('new.pdf'));\nRENAME Signaturepage standard_page__c TO page__c;", { tenantDns: TENANT });
    expect(again.responseStatus).toBe('SUCCESS');
    expect(registry.files('Signaturepage', 'page__c').map((f) => f.name__v)).toEqual(['new.pdf']);
    // Formattedoutput uses `template`; one staged file cannot serve two components.
    const twice = executeScript(registry, "CREATE Formattedoutput a__c (label('A'), template('other.pdf'));\nCREATE Overlaytemplate b__c (label('B'), file('other.pdf'));", { tenantDns: TENANT, stagedFiles: files });
    expect(twice.statement_execution[0]).toMatchObject({ statement: 2, errors: [{ message: expect.stringMatching(/already referenced by Formattedoutput.a__c/) }] });
    expect(files.has('other.pdf')).toBe(true);
  });

  it('refuses a file that is not staged', () => {
    expectFailure("CREATE Overlaytemplate o__c (label('O'), file('missing.pdf'));", 1, /File \[missing.pdf\].*not in the staging area/, 'CFG-F-240');
  });
});

describe('executeScript on arbitrary input', () => {
  it('never throws, and a failing script changes nothing', () => {
    const registry = createRegistry(sampleRecords());
    const scripts = registry.all().map(toRecreateStatement).concat(['DROP Docfield budget__c;', 'RENAME Picklist color__c TO c__c;', "ALTER Doctype base_document__v ( label('B'), processes ADD ('p') );"]);
    const mutation = fc.record({ at: fc.nat(), cut: fc.nat({ max: 8 }), insert: fc.constantFrom('', "'", '(', ')', ';', ',', 'x', '9', '-1', 'DROP ', "'Picklist.none__c'", '99999999999999999999') });
    fc.assert(
      fc.property(fc.constantFrom(...scripts), fc.array(mutation, { maxLength: 3 }), (script, mutations) => {
        let text = script;
        for (const m of mutations) {
          const at = m.at % (text.length + 1);
          text = text.slice(0, at) + m.insert + text.slice(at + m.cut);
        }
        const copy = registry.clone();
        const before = copy.all();
        const result = executeScript(copy, text, { tenantDns: TENANT });
        expect(result.script_execution.exceptions).toBe(0);
        if (result.responseStatus === 'FAILURE') {
          expect(copy.all()).toEqual(before);
          expect(result.statement_execution[0].errors?.[0].message.length).toBeGreaterThan(0);
        }
      }),
      { numRuns: 300 },
    );
  });
});
