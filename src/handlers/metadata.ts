/** Document metadata: endpoints 15–20, the types alias and the lock metadata (gaps.md §9). */
import { apiError } from '../domain/errors';
import { type DoctypeInfo, type MetadataView, commonFields } from '../domain/documents';
import type { Handlers, Reply, VersionedCtx } from '../http/context';
import { reusableBodyOf } from '../http/respond';

type Ctx = VersionedCtx;
const storeOf = (ctx: Ctx) => ctx.world.documents.store(ctx.tenant.id);
const viewOf = (ctx: Ctx) => storeOf(ctx).view();
const typesAddress = (ctx: Ctx, ...segments: string[]) => ctx.addresses.api(ctx.tenant, ctx.version, 'metadata', 'objects', 'documents', 'types', ...segments);
const ok = (body: Record<string, unknown>): Reply => ({ body: { responseStatus: 'SUCCESS', ...body } });

function typeList(ctx: Ctx): Reply {
  const types = viewOf(ctx).types().filter((t) => t.active).map((t) => ({ name: t.name, label: t.label, value: typesAddress(ctx, t.name) }));
  return ok({ types, lock: ctx.addresses.api(ctx.tenant, ctx.version, 'metadata', 'objects', 'documents', 'lock') });
}

/** The address of a relationship type's metadata, under the top type of the Doctype showing it. */
const relationshipAddress = (ctx: Ctx, d: DoctypeInfo, name: string) => typesAddress(ctx, d.chain[0], 'relationships', name);

/**
 * Members every level shares; `renditions` and `properties` at every level (what the domain says
 * a level shows, gaps.md §12); `relationshipTypes` always (the spec marks no condition; `[]` when
 * none applies); `templates` only when configured (spec: "all, when configured").
 */
function levelBody(ctx: Ctx, view: MetadataView, d: DoctypeInfo): Record<string, unknown> {
  const { renditions, properties } = view.levelShows(d.name);
  const templates = view.templates(d.name);
  return {
    name: d.name,
    label: d.label,
    renditions,
    relationshipTypes: view.relationshipTypes(d.name).map((r) => ({ label: r.label, value: relationshipAddress(ctx, d, r.name) })),
    availableLifecycles: view.availableLifecycles(d.name).map((l) => ({ name: l.name, label: l.label })),
    ...(templates.length ? { templates } : {}),
    properties,
  };
}

/** The type and every Doctype below it. */
const subtree = (view: MetadataView, d: DoctypeInfo): DoctypeInfo[] => [d, ...d.children.flatMap((c) => subtree(view, view.doctype(c)!))];

const children = (view: MetadataView, d: DoctypeInfo) => d.children.map((c) => view.doctype(c)!).filter((c) => c.active);

export const metadataHandlers: Handlers = {
  // Its body (~25 KB of JSON) and bytes built once per view from the view's kept fields (reusableBodyOf), not written
  // again for every request (~190 µs each); the body, and the fields with it, frozen once shared.
  listDocumentFields: (ctx) => {
    const { fields } = viewOf(ctx);
    return { body: reusableBodyOf(fields, () => ({ responseStatus: 'SUCCESS', properties: fields })) };
  },

  findCommonDocumentFields: (ctx) => ok({ properties: commonFields(storeOf(ctx), ctx.user, ctx.body?.docIds.split(',') ?? []) }),

  listDocumentTypes: typeList,
  listDocumentTypesAlias: typeList,

  getDocumentType: (ctx) => {
    const view = viewOf(ctx);
    const d = view.doctypeAt([ctx.params.type]);
    const subs = children(view, d);
    const processes = view.processes(d.name);
    const defaultWorkflows = view.defaultWorkflows(d.name);
    return ok({
      ...levelBody(ctx, view, d),
      ...(processes.length ? { processes } : {}),
      ...(defaultWorkflows.length ? { defaultWorkflows } : {}),
      ...(subs.length
        ? { subtypes: subs.map((s) => ({ name: s.name, label: s.label, value: typesAddress(ctx, d.name, 'subtypes', s.name) })) }
        : {}),
    });
  },

  getDocumentSubtype: (ctx) => {
    const view = viewOf(ctx);
    const d = view.doctypeAt([ctx.params.type, ctx.params.subtype]);
    const classes = children(view, d);
    return ok({
      ...levelBody(ctx, view, d),
      ...(classes.length
        ? { classifications: classes.map((c) => ({ name: c.name, label: c.label, value: typesAddress(ctx, ctx.params.type, 'subtypes', d.name, 'classifications', c.name) })) }
        : {}),
    });
  },

  getDocumentClassification: (ctx) => {
    const view = viewOf(ctx);
    const d = view.doctypeAt([ctx.params.type, ctx.params.subtype, ctx.params.classification]);
    return ok(levelBody(ctx, view, d));
  },

  /** The `value` of a `relationshipTypes` entry: a relationship type documents of this type (or below it) may have. */
  getDocumentRelationshipType: (ctx) => {
    const view = viewOf(ctx);
    const d = view.doctypeAt([ctx.params.type]);
    const wanted = ctx.params.relationship;
    const r = subtree(view, d).flatMap((x) => view.relationshipTypes(x.name)).find((x) => x.name === wanted);
    if (!r) throw apiError('invalidValue', wanted, 'relationship');
    return ok({ name: r.name, label: r.label, ...(r.description ? { description: r.description } : {}), singleUse: r.singleUse });
  },

  getDocumentLockMetadata: (ctx) => ok({ properties: viewOf(ctx).lockFields() }),
};
