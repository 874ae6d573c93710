/**
 * Type metadata "where configured" (endpoints 18–20): `relationshipTypes` (followable addresses),
 * `templates`, `processes` and `defaultWorkflows`, read from the one configuration model
 * (Docrelationshiptype, Documenttemplate, Doctype attributes), and changed by MDL.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type Personas, api, personas } from '../documents/world';

let p: Personas;
beforeAll(async () => {
  p = await personas();
});
afterEach(() => expect(p.sim.breaches).toEqual([]));

const base = 'http://localhost:8080/tenants/promo.acme.example/api/v25.3/metadata/objects/documents';
const types = '/metadata/objects/documents/types';
const get = (path: string, session = p.alice) => p.sim.json('GET', path.startsWith('http') ? path : api(path), session);
const mdl = (script: string) => p.sim.json('POST', '/api/mdl/execute', p.admin, { body: script, headers: { 'Content-Type': 'text/plain' } });

const supporting = { label: 'Supporting Documents', value: `${base}/types/promotional_piece__c/relationships/supporting_documents__c` };
const basedOn = { label: 'Based On', value: `${base}/types/promotional_piece__c/relationships/based_on__c` };
const promoTemplate = { label: 'Promotional Piece Template', name: 'promotional_piece_template__c', kind: 'document', definedIn: 'promotional_piece__c', definedInType: 'type' };

describe('configured in the default world', () => {
  it('a type shows its relationship types, templates, processes and default workflows', async () => {
    const body = await get(`${types}/promotional_piece__c`);
    expect(body).toMatchObject({
      responseStatus: 'SUCCESS',
      relationshipTypes: [supporting, basedOn],
      templates: [promoTemplate],
      processes: ['MLR Review', 'Distribution'],
      defaultWorkflows: ['Send for MLR Review', 'Withdraw from Distribution'],
    });
  });

  it('every relationshipTypes value works when followed', async () => {
    expect(await get(supporting.value)).toEqual({
      responseStatus: 'SUCCESS', name: 'supporting_documents__c', label: 'Supporting Documents',
      description: 'References that back the claims of a promotional piece', singleUse: false,
    });
    expect(await get(basedOn.value)).toMatchObject({ responseStatus: 'SUCCESS', name: 'based_on__c', label: 'Based On', singleUse: true });
    const email = await get(`${types}/promotional_piece__c/subtypes/approved_email__c`);
    for (const r of email.relationshipTypes) expect(await get(r.value), r.value).toMatchObject({ responseStatus: 'SUCCESS', label: r.label });
  });

  it('subtypes and classifications inherit relationship types and templates, with definedIn naming the level', async () => {
    const email = await get(`${types}/promotional_piece__c/subtypes/approved_email__c`);
    expect(email.relationshipTypes).toEqual([
      supporting, basedOn, { label: 'Email Fragments', value: `${base}/types/promotional_piece__c/relationships/email_fragments__c` },
    ]);
    expect(email.templates).toEqual([promoTemplate]);
    const sales = await get(`${types}/promotional_piece__c/subtypes/sales_aid__c`);
    expect(sales.templates).toEqual([
      promoTemplate,
      { label: 'Sales Aid Template', name: 'sales_aid_template__c', kind: 'document', definedIn: 'sales_aid__c', definedInType: 'subtype' },
    ]);
    // An inactive template (retired_ad_template__c on advertisement__c) is not offered.
    const print = await get(`${types}/promotional_piece__c/subtypes/advertisement__c/classifications/print_advertisement__c`);
    expect(print.templates).toEqual([promoTemplate]);
    expect(print.relationshipTypes).toEqual([supporting, basedOn]);
    const article = await get(`${types}/reference_document__c/subtypes/literature__c/classifications/journal_article__c`);
    expect(article.templates).toEqual([
      { label: 'Journal Article Summary', name: 'journal_article_summary__c', kind: 'controlled', definedIn: 'journal_article__c', definedInType: 'classification' },
    ]);
  });

  it('absent when not configured: templates, processes and defaultWorkflows; relationshipTypes is then []', async () => {
    for (const path of [`${types}/reference_document__c`, `${types}/label__c`]) {
      const body = await get(path);
      expect(body.responseStatus, path).toBe('SUCCESS');
      expect(body.relationshipTypes, path).toEqual([]);
      for (const member of ['templates', 'processes', 'defaultWorkflows']) expect(body, `${path} ${member}`).not.toHaveProperty(member);
    }
    const literature = await get(`${types}/reference_document__c/subtypes/literature__c`);
    expect(literature).not.toHaveProperty('templates');
    expect(literature).not.toHaveProperty('defaultWorkflows'); // a type-only member
    expect(literature).not.toHaveProperty('processes');
  });

  it('a relationship type not applying to the type, or unknown, is INVALID_DATA', async () => {
    for (const path of [`${types}/reference_document__c/relationships/supporting_documents__c`, `${types}/promotional_piece__c/relationships/nope__c`, `${types}/nope__c/relationships/based_on__c`]) {
      expect((await get(path)).errors?.[0]?.type, path).toBe('INVALID_DATA');
    }
  });

  it('endpoint 9 describes the new component types; endpoints 10–12 list and print their records', async () => {
    const template = await get('/metadata/components/Documenttemplate');
    expect(template.data.attributes.map((a: any) => a.name)).toEqual(['name', 'label', 'active', 'description', 'doctype', 'kind']);
    expect(template.data.attributes.find((a: any) => a.name === 'doctype')).toMatchObject({ type: 'Component', requiredness: 'required' });
    const relation = await get('/metadata/components/Docrelationshiptype');
    expect(relation.data).toMatchObject({ name: 'Docrelationshiptype', abbreviation: 'DRT' });
    const doctype = await get('/metadata/components/Doctype');
    expect(doctype.data.attributes.find((a: any) => a.name === 'relationship_types')).toMatchObject({ type: 'Component', multi_value: true });
    expect((await get('/configuration/Documenttemplate')).data.map((r: any) => r.name)).toHaveLength(4);
    const res = await p.sim.call('GET', `/tenants/promo.acme.example/api/mdl/components/Documenttemplate.sales_aid_template__c`, { headers: { Authorization: p.admin } });
    expect(await res.text()).toContain("doctype('Doctype.sales_aid__c')");
  });
});

describe('changed by MDL (the one configuration model)', () => {
  it('creating, altering and dropping relationship types, templates and workflows shows at once in 18–20', async () => {
    const created = await mdl(`
      CREATE Docrelationshiptype cites__c (label('Cites'), description('Literature this reference cites'));
      CREATE Documenttemplate reference_template__c (label('Reference Template'), doctype('Doctype.reference_document__c'), kind('controlled'));
      ALTER Doctype reference_document__c (relationship_types ADD ('Docrelationshiptype.cites__c'), default_workflows ADD ('Verify Reference'));`);
    expect(created.responseStatus, JSON.stringify(created)).toBe('SUCCESS');
    const ref = await get(`${types}/reference_document__c`);
    expect(ref).toMatchObject({
      relationshipTypes: [{ label: 'Cites', value: `${base}/types/reference_document__c/relationships/cites__c` }],
      templates: [{ label: 'Reference Template', name: 'reference_template__c', kind: 'controlled', definedIn: 'reference_document__c', definedInType: 'type' }],
      defaultWorkflows: ['Verify Reference'],
    });
    expect(await get(ref.relationshipTypes[0].value)).toMatchObject({ responseStatus: 'SUCCESS', name: 'cites__c', description: 'Literature this reference cites' });
    const study = await get(`${types}/reference_document__c/subtypes/clinical_study__c`);
    expect(study.templates.map((t: any) => t.name)).toEqual(['reference_template__c']);

    const altered = await mdl(`ALTER Documenttemplate reference_template__c (label('Reference Layout'), kind('document'));`);
    expect(altered.responseStatus).toBe('SUCCESS');
    expect((await get(`${types}/reference_document__c`)).templates).toEqual([
      { label: 'Reference Layout', name: 'reference_template__c', kind: 'document', definedIn: 'reference_document__c', definedInType: 'type' },
    ]);

    // A relationship type a Doctype still lists cannot be dropped; once unlisted it can.
    expect((await mdl('DROP Docrelationshiptype cites__c;')).responseStatus).toBe('FAILURE');
    const dropped = await mdl(`
      ALTER Doctype reference_document__c (relationship_types DROP ('Docrelationshiptype.cites__c'), default_workflows());
      DROP Docrelationshiptype cites__c;
      DROP Documenttemplate reference_template__c;`);
    expect(dropped.responseStatus, JSON.stringify(dropped)).toBe('SUCCESS');
    const after = await get(`${types}/reference_document__c`);
    expect(after.relationshipTypes).toEqual([]);
    for (const member of ['templates', 'defaultWorkflows']) expect(after).not.toHaveProperty(member);
    expect((await get(`${types}/reference_document__c/relationships/cites__c`)).errors[0].type).toBe('INVALID_DATA');
  });

  it('a template must name an existing Doctype', async () => {
    const r = await mdl(`CREATE Documenttemplate orphan__c (label('Orphan'), doctype('Doctype.nope__c'));`);
    expect(r.responseStatus).toBe('FAILURE');
    expect((await get('/configuration/Documenttemplate')).data.map((t: any) => t.name)).not.toContain('orphan__c');
  });
});
