/**
 * Configuration (endpoints 8–14): MDL scripts, component type metadata, component records, their
 * RECREATE text, and staged files. All read and change the tenant's one ComponentRegistry
 * (`world.configuration`); the staging area is `world.mdlStaging`. Thin: the domain does the work.
 */
import {
  componentTypeDefinition,
  componentTypeMetadata,
  componentTypeNames,
  executeScript,
  parseReference,
  toRecreateStatement,
  type AttributeMetadata,
  type ComponentRecord,
  type ComponentRegistry,
  type ComponentTypeMetadata,
  type Value,
} from '../domain/configuration';
import { apiError, errorItem } from '../domain/errors';
import { isTenantAdmin } from '../domain/users';
import { isFile } from '../http/body';
import type { Ctx, Handlers } from './types';

// ---- helpers -------------------------------------------------------------------------------

function registryOf(ctx: Ctx): ComponentRegistry {
  const registry = ctx.world.configuration.get(ctx.tenant!.id);
  if (!registry) throw new Error(`no configuration registry for tenant ${ctx.tenant!.id}`);
  return registry;
}

function requireAdmin(ctx: Ctx, what: string): void {
  if (!isTenantAdmin(ctx.user!, ctx.tenant!)) throw apiError('mdlAdminOnly', what);
}

/** The simulated component type a path names (case-insensitive), else INVALID_DATA. */
function typeOf(ctx: Ctx): ComponentTypeMetadata {
  const name = String(ctx.params.component_type);
  const definition = componentTypeDefinition(name);
  if (!definition) throw apiError('componentTypeUnknown', name, componentTypeNames().join(', '));
  return definition.metadata;
}

function recordOf(ctx: Ctx): { type: ComponentTypeMetadata; record: ComponentRecord; registry: ComponentRegistry } {
  const type = typeOf(ctx);
  const registry = registryOf(ctx);
  const record = registry.get(type.name, String(ctx.params.record_name));
  if (!record) throw apiError('resourceNotFound', `${type.name}.${ctx.params.record_name}`);
  return { type, record, registry };
}

/**
 * JSON has no bigint (JSON.stringify throws on it): an integer within ±2^53 becomes a number, a
 * larger one its decimal string (chosen; see docs/decisions.md). Applied at this boundary only.
 */
export function jsonSafe(value: unknown): unknown {
  if (typeof value === 'bigint') return Number.isSafeInteger(Number(value)) ? Number(value) : value.toString();
  if (Array.isArray(value)) return value.map(jsonSafe);
  if (value && typeof value === 'object' && !(value instanceof Uint8Array)) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, jsonSafe(v)]));
  }
  return value;
}

/**
 * A record's attributes in catalogue order: every settable attribute, `null` where the record has
 * no value (spec: "a blank or null field means the record has no value for it"); an absent
 * `active` means active and is shown as `true`.
 */
function attributeValues(metas: readonly AttributeMetadata[], values: Readonly<Record<string, Value>>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const m of metas) {
    if (m.name === 'name') continue;
    const v = values[m.name];
    out[m.name] = v === undefined ? (m.name === 'active' ? true : null) : jsonSafe(v);
  }
  return out;
}

/**
 * `used_in` of a picklist (chosen shape): the fields using it, `{object_name, field_name}`, where a
 * document field's object is `documents`; other referrers as `{component, attribute}`.
 */
function usedIn(registry: ComponentRegistry, record: ComponentRecord): Record<string, string>[] {
  return registry.referrersOf(record.type, record.name).map((r): Record<string, string> => {
    const ref = parseReference(r.component)!;
    if (ref.type === 'Docfield' && r.attribute === 'picklist') return { object_name: 'documents', field_name: ref.name };
    const sub = /^Field\.([^.]+)\.picklist$/.exec(r.attribute);
    if (ref.type === 'Object' && sub) return { object_name: ref.name, field_name: sub[1] };
    return { component: r.component, attribute: r.attribute };
  });
}

/** Endpoint 10/11's JSON of a record: name, attributes, subcomponent collections (by json_collection_name). */
export function recordJson(registry: ComponentRegistry, record: ComponentRecord): Record<string, unknown> {
  const type = componentTypeMetadata(record.type)!;
  const out: Record<string, unknown> = { name: record.name, ...attributeValues(type.attributes, record.attributes) };
  for (const sub of type.sub_components) {
    out[sub.json_collection_name] = (record.subcomponents[sub.name] ?? []).map((e) => ({ name: e.name, ...attributeValues(sub.attributes, e.attributes) }));
  }
  if (type.name === 'Picklist') out.used_in = usedIn(registry, record);
  return out;
}

const fileInfo = (f: { name__v: string; format__v: string; size__v: number; sha1_checksum__v: string }) => ({
  name__v: f.name__v, format__v: f.format__v, size__v: f.size__v, sha1_checksum__v: f.sha1_checksum__v,
});

/** The file of an endpoint 13 body: the multipart part `file`, or form text in `file` (named by `filename`). */
function uploadOf(ctx: Ctx): { filename: string; bytes: Uint8Array; type?: string } {
  const part = ctx.body?.file;
  if (part === undefined) throw apiError('parameterRequired', 'file');
  if (isFile(part)) return { filename: part.filename || 'file', bytes: part.bytes, type: part.type };
  const filename = typeof ctx.body?.filename === 'string' && ctx.body.filename ? ctx.body.filename : 'file.txt';
  return { filename, bytes: new Uint8Array(Buffer.from(String(part), 'utf8')), type: undefined };
}

// ---- handlers ------------------------------------------------------------------------------

export const configurationHandlers: Handlers = {
  /** 8: the raw body is the script, whatever Content-Type says (gaps.md §7, §11). */
  executeMdl: (ctx) => {
    requireAdmin(ctx, 'execute MDL scripts');
    const tenant = ctx.tenant!;
    const result = executeScript(registryOf(ctx), ctx.rawBody ?? '', {
      tenantDns: tenant.dns,
      stagedFiles: ctx.world.mdlStaging.of(tenant.id),
      now: () => performance.now(),
    });
    if (result.responseStatus === 'SUCCESS') return { body: { ...result } };
    // A failing script also carries the top-level `errors` of every FAILURE (gaps.md §1; docs/decisions.md).
    const failed = result.statement_execution.find((s) => s.response === 'FAILURE');
    const message = failed?.errors?.[0]?.message ?? result.script_execution.message;
    const { responseStatus, ...rest } = result;
    return { body: { responseStatus, errors: [errorItem('mdlScriptFailed', failed?.statement ?? 0, message)], ...rest } };
  },

  /** 9 */
  getComponentTypeMetadata: (ctx) => ({ body: { responseStatus: 'SUCCESS', data: jsonSafe(typeOf(ctx)) } }),

  /** 10 */
  listComponentRecords: (ctx) => {
    const type = typeOf(ctx);
    const registry = registryOf(ctx);
    return { body: { responseStatus: 'SUCCESS', data: registry.list(type.name).map((r) => recordJson(registry, r)) } };
  },

  /** 11 */
  getComponentRecord: (ctx) => {
    const { record, registry } = recordOf(ctx);
    return { body: { responseStatus: 'SUCCESS', data: recordJson(registry, record) } };
  },

  /** 12: text/plain on success, a JSON FAILURE otherwise (gaps.md §11). */
  getComponentMdl: (ctx) => ({ text: toRecreateStatement(recordOf(ctx).record), contentType: 'text/plain;charset=UTF-8' }),

  /** 13 */
  stageFile: (ctx) => {
    requireAdmin(ctx, 'upload files for MDL');
    const upload = uploadOf(ctx);
    const max = ctx.world.settings.uploadMaxBytes;
    if (upload.bytes.byteLength > max) throw apiError('fileTooLarge', max);
    const file = ctx.world.mdlStaging.of(ctx.tenant!.id).stage(upload.filename, upload.bytes, upload.type);
    return { body: { responseStatus: 'SUCCESS', data: fileInfo(file) } };
  },

  /** 14 */
  listComponentFiles: (ctx) => {
    const { type, record, registry } = recordOf(ctx);
    const key = `${type.name}.${record.name}`;
    const base = `${ctx.addresses.tenantApi(ctx.tenant!)}/mdl/components/${encodeURIComponent(key)}`;
    return {
      body: {
        responseStatus: 'SUCCESS',
        links: [
          { rel: 'self', href: `${base}/files`, method: 'GET', accept: 'application/json' },
          { rel: 'component', href: base, method: 'GET', accept: 'text/plain' },
        ],
        data: registry.files(type.name, record.name).map((f) => ({ ...fileInfo(f), original_name__v: f.original_name__v })),
      },
    };
  },
};
