/**
 * Endpoint 4 (version list) and the index of one version's resources. Both answers depend only
 * on the request's API base and the world's versions, so each is built once per base and kept
 * (a bounded map per versions list: clients reach a simulator by a handful of addresses), its JSON
 * bytes with it (`reusableBody`).
 */
import { reusableBody } from '../http/respond';
import type { Handlers } from '../http/context';

/** Resources listed by `GET /api/{version}`: each answers a GET when followed. */
const resources: Record<string, string> = {
  documents: 'objects/documents',
  document_properties: 'metadata/objects/documents/properties',
  document_types: 'metadata/objects/documents/types',
  domain: 'objects/domain',
  domains: 'objects/domains',
};
const resourceEntries = Object.entries(resources);

type Body = Readonly<{ responseStatus: 'SUCCESS'; values: Readonly<Record<string, string>> }>;

/** Distinct bases kept per versions list; beyond it the oldest is forgotten. */
const MAX_BASES = 64;

/** Answer bodies by key, per versions list (the world's array: a new world starts afresh). */
class BodyCache {
  private readonly byList = new WeakMap<readonly string[], Map<string, Body>>();

  get(versions: readonly string[], key: string, build: () => Record<string, string>): Body {
    let byKey = this.byList.get(versions);
    if (!byKey) this.byList.set(versions, (byKey = new Map()));
    let body = byKey.get(key);
    if (!body) {
      if (byKey.size >= MAX_BASES) byKey.delete(byKey.keys().next().value!);
      body = reusableBody({ responseStatus: 'SUCCESS' as const, values: build() });
      byKey.set(key, body);
    }
    return body;
  }
}

const versionLists = new BodyCache();
const versionIndexes = new BodyCache();

export const versionHandlers: Handlers = {
  listVersions: (ctx) => {
    const base = ctx.addresses.requestApi();
    const versions = ctx.world.versions;
    return { body: versionLists.get(versions, base, () => Object.fromEntries(versions.map((v) => [v, `${base}/${v}`]))) };
  },
  getVersionResources: (ctx) => {
    const base = `${ctx.addresses.requestApi()}/${ctx.version}`;
    return { body: versionIndexes.get(ctx.world.versions, base, () => Object.fromEntries(resourceEntries.map(([k, p]) => [k, `${base}/${p}`]))) };
  },
};
