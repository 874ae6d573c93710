/** ComponentRegistry.addUseCheck: uses outside the registry (documents of a Doctype…) refuse DROP and RENAME, atomically through MDL. */
import { describe, expect, it } from 'vitest';
import { createRegistry, executeScript } from '../../src/domain/configuration';
import { sampleRecords } from '../../src/domain/configuration/sample';

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
});
