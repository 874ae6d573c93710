/** The real values of the default world a run of generated requests starts from (sessions, ids, names). */
import type { Pool } from './generate';

const V = 'v25.3';

async function json(url: string, init?: RequestInit): Promise<any> {
  return (await fetch(url, init)).json();
}

export async function buildPool(base: string): Promise<Pool> {
  const users = ['alice@acme.example', 'bob@acme.example', 'tenant.admin@acme.example', 'domain.admin@acme.example'];
  const sessions: string[] = [];
  for (const username of users) {
    const body = await json(`${base}/api/${V}/auth`, { method: 'POST', body: new URLSearchParams({ username, password: 'Passw0rd!', tenantDNS: 'promo.acme.example' }) });
    if (body.responseStatus !== 'SUCCESS') throw new Error(`login of ${username}: ${JSON.stringify(body)}`);
    sessions.push(body.sessionId);
  }
  const auth = { headers: { Authorization: sessions[0] } };
  const docs = (await json(`${base}/api/${V}/objects/documents?limit=50`, auth)).documents.map((d: any) => d.document);
  const types = (await json(`${base}/api/${V}/metadata/objects/documents/types`, auth)).types.map((t: any) => t.name);
  const versions = docs.slice(0, 5).map((d: any) => [String(d.major_version_number__v), String(d.minor_version_number__v)]);
  return {
    sessions,
    values: {
      version: [V, 'v24.1', 'v19.1'],
      doc_id: [...docs.map((d: any) => String(d.id)), '999999'],
      major_version: versions.map((v: string[]) => v[0]),
      minor_version: versions.map((v: string[]) => v[1]),
      rendition_type: ['viewable_rendition__v'],
      attachment_id: ['1', '2'],
      component_type: ['Picklist', 'Doctype', 'Doclifecycle', 'Renditiontype'],
      record_name: ['audience__c', 'channel__c', 'therapeutic_area__c', 'general_lifecycle__c', 'viewable_rendition__v'],
      type: types,
      subtype: ['sales_aid__c'],
      oauth_profile_id: ['acme_oidc', 'acme_adfs'],
      username: [...users, 'sso.user@acme.example', 'nobody@acme.example'],
      password: ['Passw0rd!', 'wrong'],
      tenantDNS: ['promo.acme.example', 'quality.acme.example', 'archive.acme.example'],
      q: ['SELECT id, name__v FROM documents', 'SELECT id FROM documents WHERE id = 101', 'SELECT FROM', "SELECT id FROM documents WHERE name__v CONTAINS ('a')"],
      date: ['2026-11-25', '2020-01-01'],
      client_id: ['dms-sim-local', 'fuzz'],
      named_filter: ['My Documents', 'Recent Documents', 'Favorites'],
    },
  };
}
