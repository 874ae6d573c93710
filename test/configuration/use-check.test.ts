/** ComponentRegistry.addUseCheck: uses outside the registry (documents of a Doctype…) refuse DROP and RENAME, atomically through MDL. */
import { describe, expect, it } from 'vitest';
import { createRegistry, executeScript } from '../../src/domain/configuration';
import { sampleRecords } from '../../src/domain/configuration/sample';
import { firstInOrder } from '../../src/domain/configuration/use-checks';

describe('registry use checks', () => {
  it('refuse DROP and RENAME of a used component with the users named; nothing of the script applies', () => {
    const registry = createRegistry(sampleRecords());
    const used = new Set(['Doctype.advertisement__c']);
    const off = registry.addUseCheck((type, name) => (used.has(`${type}.${name}`) ? ['document 101', 'document 102'] : []));
    const before = registry.all();
    for (const script of ['DROP Doctype print__c;\nDROP Doctype advertisement__c;', 'RENAME Doctype advertisement__c TO ad__c;']) {
      const r = executeScript(registry, script, { tenantDns: 't.example' });
      expect(r.responseStatus).toBe('FAILURE');
      expect(r.statement_execution[0].errors?.[0].message).toMatch(/Cannot (drop|rename) Doctype\.advertisement__c: it is used by document 101, document 102/);
      expect(registry.all()).toEqual(before);
    }
    off();
    expect(executeScript(registry, 'DROP Doctype print__c;\nDROP Doctype advertisement__c;', { tenantDns: 't.example' }).responseStatus).toBe('SUCCESS');
  });

  it('refuse taking a shared field out of a Doctype\'s fields while its documents, or those of the types below not listing it, hold values', () => {
    const registry = createRegistry(sampleRecords());
    const asked: string[] = [];
    const holding = new Set(['print__c.product__v']);
    registry.addUseCheck((type, name) => {
      if (type !== 'Doctypefield') return [];
      asked.push(name);
      return holding.has(name) ? ['document 7'] : [];
    });
    const before = registry.all();
    const r = executeScript(registry, "ALTER Doctype promotional__c ( fields() );", { tenantDns: 't.example' });
    expect(r.statement_execution[0].errors?.[0].message).toBe('Cannot remove field product__v from Doctype.promotional__c: it is used by document 7');
    expect(asked).toEqual(['promotional__c.product__v', 'advertisement__c.product__v', 'print__c.product__v']);
    expect(registry.all()).toEqual(before);
    // A type below that lists the field itself keeps it, for itself and the types below it: their documents do not count.
    asked.length = 0;
    expect(executeScript(registry, "ALTER Doctype print__c ( fields('Docfield.product__v') );\nALTER Doctype promotional__c ( fields() );", { tenantDns: 't.example' }).responseStatus).toBe('SUCCESS');
    expect(asked).toEqual(['promotional__c.product__v', 'advertisement__c.product__v']);
    asked.length = 0;
    const listedBySubtype = "ALTER Doctype promotional__c ( fields('Docfield.product__v') );\nALTER Doctype print__c ( fields() );\nALTER Doctype advertisement__c ( fields('Docfield.product__v') );\nALTER Doctype promotional__c ( fields() );";
    expect(executeScript(registry, listedBySubtype, { tenantDns: 't.example' }).responseStatus).toBe('SUCCESS');
    expect(asked).toEqual(['promotional__c.product__v']);
    // A type whose parent still lists the field keeps it: taking it out of its own list asks nothing.
    asked.length = 0;
    expect(executeScript(registry, "ALTER Doctype promotional__c ( fields('Docfield.product__v') );\nALTER Doctype advertisement__c ( fields('Docfield.product__v') );\nALTER Doctype advertisement__c ( fields() );", { tenantDns: 't.example' }).responseStatus).toBe('SUCCESS');
    expect(asked).toEqual([]);
    // Adding a field, or keeping the list, asks nothing.
    asked.length = 0;
    expect(executeScript(registry, "ALTER Doctype advertisement__c ( fields('Docfield.product__v'), label('Ad') );", { tenantDns: 't.example' }).responseStatus).toBe('SUCCESS');
    expect(asked).toEqual([]);
  });

  it('count base_document__v above every type, one without a parent too, as its documents\' fields do', () => {
    // promotional__c without a parent: a type under base_document__v all the same.
    const records = (sampleRecords() as { type: string; name: string; attributes: Record<string, unknown> }[]).map((r) => {
      if (r.type !== 'Doctype' || r.name !== 'promotional__c') return r;
      const { parent: _, ...attributes } = r.attributes;
      return { ...r, attributes };
    });
    const registry = createRegistry(records);
    const asked: string[] = [];
    registry.addUseCheck((type, name) => {
      if (type !== 'Doctypefield') return [];
      asked.push(name);
      return name === 'print__c.product__v' ? ['document 7'] : [];
    });
    // base_document__v lists the field: taking it out of promotional__c's list takes it from no document.
    const t = { tenantDns: 't.example' };
    expect(executeScript(registry, "ALTER Doctype base_document__v ( fields('Docfield.product__v') );\nALTER Doctype promotional__c ( fields() );", t).responseStatus).toBe('SUCCESS');
    expect(asked).toEqual([]);
    // Taking it out of base_document__v's list takes it from the types without a parent and those below them.
    const r = executeScript(registry, 'ALTER Doctype base_document__v ( fields() );', t);
    expect(r.statement_execution[0].errors?.[0].message).toBe('Cannot remove field product__v from Doctype.base_document__v: it is used by document 7');
    expect(asked).toEqual(['base_document__v.product__v', 'promotional__c.product__v', 'advertisement__c.product__v', 'print__c.product__v']);
  });

  it('name the first five uses in natural order and count the rest', () => {
    const registry = createRegistry(sampleRecords());
    registry.addUseCheck((type, name) => (type === 'Doctype' && name === 'print__c' ? [12, 9, 100, 3, 1, 10, 2, 11].map((i) => `document ${i}`) : []));
    const r = executeScript(registry, 'DROP Doctype print__c;', { tenantDns: 't.example' });
    expect(r.statement_execution[0].errors?.[0].message).toBe('Cannot drop Doctype.print__c: it is used by document 1, document 2, document 3, document 9, document 10 and 3 more');
  });

  it('firstInOrder picks what a natural sort puts first', () => {
    const uses = Array.from({ length: 500 }, (_, i) => `document ${((i * 7919) % 500) + 1}`).concat(['campaign__c record 0CM2', 'campaign__c record 0CM10']);
    const sorted = [...uses].sort(new Intl.Collator('en', { numeric: true }).compare);
    for (const n of [1, 5, 7]) expect(firstInOrder(uses, n)).toEqual(sorted.slice(0, n));
    expect(firstInOrder(['document 3', 'document 1'], 5)).toEqual(['document 1', 'document 3']);
    expect(firstInOrder([], 5)).toEqual([]);
  });
});
