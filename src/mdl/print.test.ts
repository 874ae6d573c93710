import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { script } from './arbitraries';
import { MdlError, parse, print } from './index';

describe('print', () => {
  it('prints canonically', () => {
    const text = "create Picklist color__c (label('It\\'s'),active(true),Picklistentry red__c(value('Red'),order(0)));drop Picklist x__c;";
    expect(print(parse(text))).toBe(`CREATE Picklist color__c (
   label('It\\'s'),
   active(true),
   Picklistentry red__c (
      value('Red'),
      order(0)
   )
);

DROP Picklist x__c;
`);
  });

  it('prints every ALTER form', () => {
    const text = `ALTER Picklist c__c (
   label('L'),
   tags ADD ('a', 'b'),
   tags DROP (),
   ADD Picklistentry b__c (
      value('B')
   ),
   MODIFY Picklistentry r__c (
      value('R'),
      x DROP (1.5)
   ),
   DROP Picklistentry g__c,
   RENAME Picklistentry a__c TO z__c
);

RENAME Picklist c__c TO d__c;
`;
    expect(print(parse(text))).toBe(text);
  });

  it('escapes strings so that they read back unchanged', () => {
    const value = "quote ' back \\ nl \n cr \r tab \t # hash ; semi";
    const [s] = parse(print([{ command: 'CREATE', componentType: 'T', name: 'n', attributes: [{ name: 'a', values: [{ kind: 'string', value }] }], subcomponents: [] }]));
    expect(s).toMatchObject({ attributes: [{ values: [{ value }] }] });
  });
});

describe('properties', () => {
  it('parse(print(ast)) deep-equals ast', () => {
    fc.assert(
      fc.property(script, (statements) => {
        expect(parse(print(statements))).toEqual(statements);
      }),
      { numRuns: 300 },
    );
  });

  const onlyMdlError = (text: string): void => {
    try {
      parse(text);
    } catch (e) {
      if (!(e instanceof MdlError)) throw e;
      expect(e.line).toBeGreaterThanOrEqual(1);
      expect(e.column).toBeGreaterThanOrEqual(1);
      expect(typeof e.context).toBe('string');
      expect(e.code).toMatch(/^MDL-F-\d+$/);
    }
  };

  it('random text throws only MdlError', () => {
    fc.assert(fc.property(fc.string({ unit: 'binary', maxLength: 200 }), onlyMdlError), { numRuns: 500 });
    const mdlish = fc.array(fc.constantFrom('CREATE', 'ALTER', 'DROP', 'RENAME', 'TO', 'ADD', 'MODIFY', 'Picklist', 'x__c', '(', ')', ',', ';', "'s'", '1', '-2.5', 'true', '#c\n', '\n', "'", '\\'), { maxLength: 30 });
    fc.assert(fc.property(mdlish, (parts) => onlyMdlError(parts.join(' '))), { numRuns: 500 });
  });

  it('mutated valid scripts throw only MdlError', () => {
    const mutation = fc.record({ at: fc.nat(), cut: fc.nat({ max: 5 }), insert: fc.string({ maxLength: 3 }) });
    fc.assert(
      fc.property(script, fc.array(mutation, { minLength: 1, maxLength: 3 }), (statements, mutations) => {
        let text = print(statements);
        for (const m of mutations) {
          const at = m.at % (text.length + 1);
          text = text.slice(0, at) + m.insert + text.slice(at + m.cut);
        }
        onlyMdlError(text);
      }),
      { numRuns: 300 },
    );
  });
});
