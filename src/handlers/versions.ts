/** Endpoint 4 (version list) and the index of one version's resources. */
import type { Handlers } from './types';

/** Resources listed by `GET /api/{version}`: each answers a GET when followed. */
const resources: Record<string, string> = {
  documents: 'objects/documents',
  document_properties: 'metadata/objects/documents/properties',
  document_types: 'metadata/objects/documents/types',
  domain: 'objects/domain',
  domains: 'objects/domains',
};

export const versionHandlers: Handlers = {
  listVersions: (ctx) => {
    const base = ctx.addresses.requestApi();
    return { body: { responseStatus: 'SUCCESS', values: Object.fromEntries(ctx.world.versions.map((v) => [v, `${base}/${v}`])) } };
  },
  getVersionResources: (ctx) => {
    const base = `${ctx.addresses.requestApi()}/${ctx.version}`;
    return { body: { responseStatus: 'SUCCESS', values: Object.fromEntries(Object.entries(resources).map(([k, p]) => [k, `${base}/${p}`])) } };
  },
};
