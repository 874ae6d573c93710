/**
 * Configuration (endpoints 8–14): MDL scripts, component type metadata, component records, their
 * RECREATE text, and staged files. All read and change the tenant's one ComponentRegistry
 * (`world.configuration`); the staging area is `world.mdlStaging`. Thin: the domain does the work.
 */
import {
  componentTypeDefinition,
  componentTypeJson,
  componentTypeNames,
  executeScriptAsync,
  recordJson,
  recordsJson,
  toRecreateStatement,
  type ComponentRecord,
  type ComponentRegistry,
  type ComponentTypeMetadata,
} from '../domain/configuration';
import { apiError, errorItem } from '../domain/errors';
import { isTenantAdmin } from '../domain/users';
import { isFile } from '../http/body';
import type { Handlers, SignedInCtx as Ctx } from '../http/context';

// ---- helpers -------------------------------------------------------------------------------

function registryOf(ctx: Ctx): ComponentRegistry {
  const registry = ctx.world.configuration.get(ctx.tenant.id);
  if (!registry) throw apiError('configurationUnavailable', ctx.tenant.dns);
  return registry;
}

function requireAdmin(ctx: Ctx, what: string): void {
  if (!isTenantAdmin(ctx.user, ctx.tenant)) throw apiError('mdlAdminOnly', what);
}

/** The simulated component type a path names (case-insensitive), else INVALID_DATA. */
function typeOf(ctx: Ctx): ComponentTypeMetadata {
  const name: string = ctx.params.component_type;
  const definition = componentTypeDefinition(name);
  if (!definition) throw apiError('componentTypeUnknown', name, componentTypeNames().join(', '));
  return definition.metadata;
}

function recordOf(ctx: Ctx): { type: ComponentTypeMetadata; record: ComponentRecord; registry: ComponentRegistry } {
  const type = typeOf(ctx);
  const registry = registryOf(ctx);
  const record = registry.get(type.name, ctx.params.record_name);
  if (!record) throw apiError('resourceNotFound', `${type.name}.${ctx.params.record_name}`);
  return { type, record, registry };
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
  executeMdl: async (ctx) => {
    requireAdmin(ctx, 'execute MDL scripts');
    const tenant = ctx.tenant;
    const result = await executeScriptAsync(registryOf(ctx), ctx.rawBody ?? '', {
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

  /** Every simulated component type with the address of its metadata (gaps.md §12). */
  listComponentTypes: (ctx) => ({
    body: {
      responseStatus: 'SUCCESS',
      data: componentTypeNames().map((name) => ({ name, label: name, url: ctx.addresses.api(ctx.tenant, ctx.version, 'metadata', 'components', name) })),
    },
  }),

  /** 9 */
  getComponentTypeMetadata: (ctx) => ({ body: { responseStatus: 'SUCCESS', data: componentTypeJson(typeOf(ctx)) } }),

  /** 10 */
  listComponentRecords: (ctx) => {
    const type = typeOf(ctx);
    const registry = registryOf(ctx);
    return { body: { responseStatus: 'SUCCESS', data: recordsJson(registry, type.name) } };
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
    const file = ctx.world.mdlStaging.of(ctx.tenant.id).stage(upload.filename, upload.bytes, upload.type);
    return { body: { responseStatus: 'SUCCESS', data: fileInfo(file) } };
  },

  /** 14 */
  listComponentFiles: (ctx) => {
    const { type, record, registry } = recordOf(ctx);
    const key = `${type.name}.${record.name}`;
    const base = `${ctx.addresses.tenantApi(ctx.tenant)}/mdl/components/${encodeURIComponent(key)}`;
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
