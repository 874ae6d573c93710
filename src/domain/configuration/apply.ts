/**
 * Applies one parsed MDL statement to a (draft) registry. Staged files referenced by File attributes
 * are only claimed here; the executor takes them out of staging when the whole script commits.
 */
import type { AlterChange, Attribute, AttributeChange, DefineStatement, Statement } from '../../mdl/index';
import { componentTypeDefinition, settableAttributes, subcomponentMetadata } from './componentTypes';
import { ConfigErrorCode, ConfigurationError } from './errors';
import type { AttributeMetadata, ComponentTypeMetadata } from './metadata';
import { componentKey, type ComponentRecord, type StagingLike, type SubcomponentRecord, type Value } from './model';
import type { ComponentRegistry } from './registry';
import { notSimulated } from './validate';
import { valueFromScalars } from './values';

export interface FileClaim {
  type: string;
  name: string;
  attribute: string;
  /** 1-based statement that referenced the file. */
  statement: number;
}

export interface ApplyContext {
  /** The registry statements are applied to: the transaction's clone. */
  draft: ComponentRegistry;
  readonly staging?: StagingLike;
  /** Staged file name → the component attribute claiming it in this script. */
  readonly claims: Map<string, FileClaim>;
  /** 1-based number of the statement being applied. */
  statement: number;
}

type Attrs = Record<string, Value>;

export function resolveType(name: string): ComponentTypeMetadata {
  const definition = componentTypeDefinition(name);
  if (!definition) throw notSimulated(name);
  return definition.metadata;
}

function metaOf(metas: readonly AttributeMetadata[], name: string, component: string, attribute: string): AttributeMetadata {
  const meta = metas.find((m) => m.name === name);
  if (name === 'name') {
    throw new ConfigurationError(ConfigErrorCode.NOT_EDITABLE, `Attribute [name] of ${component} is given by the statement, not as an attribute`, { component, attribute });
  }
  if (!meta) {
    throw new ConfigurationError(
      ConfigErrorCode.UNKNOWN_ATTRIBUTE,
      `Unknown attribute [${attribute}] for ${component}; known attributes: ${metas.filter((m) => m.name !== 'name').map((m) => m.name).join(', ')}`,
      { component, attribute },
    );
  }
  return meta;
}

function attributesOf(metas: readonly AttributeMetadata[], list: readonly Attribute[], component: string, prefix: string): Attrs {
  const out: Attrs = {};
  const given = new Set<string>();
  for (const a of list) {
    const attribute = prefix + a.name;
    const meta = metaOf(metas, a.name, component, attribute);
    if (given.has(a.name)) throw new ConfigurationError(ConfigErrorCode.INVALID_VALUE, `Attribute [${attribute}] is given twice for ${component}`, { component, attribute });
    given.add(a.name);
    const v = valueFromScalars(meta, a.values, { component, attribute });
    if (v !== undefined) out[a.name] = v;
  }
  return out;
}

function applyAttributeChange(metas: readonly AttributeMetadata[], attrs: Attrs, c: AttributeChange, component: string, prefix: string): void {
  const attribute = prefix + c.name;
  const meta = metaOf(metas, c.name, component, attribute);
  const value = valueFromScalars(meta, c.values, { component, attribute });
  if (c.op === 'set') {
    if (value === undefined) delete attrs[c.name];
    else attrs[c.name] = value;
    return;
  }
  if (!meta.multi_value) {
    throw new ConfigurationError(ConfigErrorCode.INVALID_VALUE, `${c.op.toUpperCase()} applies to multi-value attributes only; [${attribute}] of ${component} is single-valued`, { component, attribute });
  }
  const current = (attrs[c.name] as readonly (string | number | bigint | boolean)[] | undefined) ?? [];
  const changes = (value as readonly (string | number | bigint | boolean)[] | undefined) ?? [];
  const next = c.op === 'add' ? [...current, ...changes.filter((v) => !current.includes(v))] : current.filter((v) => !changes.includes(v));
  if (next.length === 0) delete attrs[c.name];
  else attrs[c.name] = next;
}

function recordFromDefinition(type: ComponentTypeMetadata, s: DefineStatement): ComponentRecord {
  const component = componentKey(type.name, s.name);
  const subcomponents: Record<string, SubcomponentRecord[]> = {};
  for (const sub of s.subcomponents) {
    const meta = subcomponentOf(type, sub.subtype, component);
    (subcomponents[meta.name] ??= []).push({ name: sub.name, attributes: attributesOf(settableAttributes(meta), sub.attributes, component, `${meta.name}.${sub.name}.`) });
  }
  return { type: type.name, name: s.name, attributes: attributesOf(settableAttributes(type), s.attributes, component, ''), subcomponents };
}

function subcomponentOf(type: ComponentTypeMetadata, subtype: string, component: string) {
  const meta = subcomponentMetadata(type, subtype);
  if (!meta) {
    throw new ConfigurationError(
      ConfigErrorCode.UNKNOWN_SUBCOMPONENT_TYPE,
      `Unknown subcomponent type [${subtype}] for ${component}; known: ${type.sub_components.map((x) => x.name).join(', ') || 'none'}`,
      { component },
    );
  }
  return meta;
}

function alterRecord(type: ComponentTypeMetadata, record: ComponentRecord, changes: readonly AlterChange[]): ComponentRecord {
  const component = componentKey(record.type, record.name);
  const attributes: Attrs = { ...record.attributes };
  const subs: Record<string, SubcomponentRecord[]> = Object.fromEntries(Object.entries(record.subcomponents).map(([k, v]) => [k, [...v]]));
  const find = (subtype: string, name: string) => {
    const meta = subcomponentOf(type, subtype, component);
    const entries = (subs[meta.name] ??= []);
    return { meta, entries, index: entries.findIndex((e) => e.name === name) };
  };
  const missing = (subtype: string, name: string) =>
    new ConfigurationError(ConfigErrorCode.SUBCOMPONENT_NOT_FOUND, `${subtype} [${name}] does not exist in ${component}`, { component });
  const exists = (subtype: string, name: string) =>
    new ConfigurationError(ConfigErrorCode.SUBCOMPONENT_EXISTS, `${subtype} [${name}] already exists in ${component}`, { component });
  for (const c of changes) {
    if (c.kind === 'attribute') {
      applyAttributeChange(settableAttributes(type), attributes, c, component, '');
    } else if (c.kind === 'add') {
      const { meta, entries, index } = find(c.sub.subtype, c.sub.name);
      if (index >= 0) throw exists(meta.name, c.sub.name);
      entries.push({ name: c.sub.name, attributes: attributesOf(settableAttributes(meta), c.sub.attributes, component, `${meta.name}.${c.sub.name}.`) });
    } else if (c.kind === 'modify') {
      const { meta, entries, index } = find(c.subtype, c.name);
      if (index < 0) throw missing(meta.name, c.name);
      const attrs: Attrs = { ...entries[index].attributes };
      for (const ch of c.changes) applyAttributeChange(settableAttributes(meta), attrs, ch, component, `${meta.name}.${c.name}.`);
      entries[index] = { name: c.name, attributes: attrs };
    } else if (c.kind === 'drop') {
      const { meta, entries, index } = find(c.subtype, c.name);
      if (index < 0) throw missing(meta.name, c.name);
      entries.splice(index, 1);
    } else {
      const { meta, entries, index } = find(c.subtype, c.from);
      if (index < 0) throw missing(meta.name, c.from);
      if (entries.some((e) => e.name === c.to)) throw exists(meta.name, c.to);
      entries[index] = { name: c.to, attributes: entries[index].attributes };
    }
  }
  return { ...record, attributes, subcomponents: subs };
}

/** Claims the staged files named by the record's File attributes, unless the value is unchanged or already bound. */
function claimFiles(ctx: ApplyContext, type: ComponentTypeMetadata, record: ComponentRecord, existing: ComponentRecord | undefined): void {
  const component = componentKey(record.type, record.name);
  for (const meta of type.attributes.filter((a) => a.type === 'File')) {
    const fileName = record.attributes[meta.name];
    if (typeof fileName !== 'string' || existing?.attributes[meta.name] === fileName) continue;
    if (ctx.draft.files(record.type, record.name).some((f) => f.attribute === meta.name && f.name__v === fileName)) continue;
    const claim = ctx.claims.get(fileName);
    if (claim) {
      if (claim.type === record.type && claim.name === record.name && claim.attribute === meta.name) continue;
      throw new ConfigurationError(ConfigErrorCode.FILE_NOT_STAGED, `File [${fileName}] is already referenced by ${componentKey(claim.type, claim.name)} in this script`, { component, attribute: meta.name });
    }
    if (!ctx.staging?.has(fileName)) {
      throw new ConfigurationError(ConfigErrorCode.FILE_NOT_STAGED, `File [${fileName}] for attribute [${meta.name}] of ${component} is not in the staging area; upload it first`, { component, attribute: meta.name });
    }
    ctx.claims.set(fileName, { type: record.type, name: record.name, attribute: meta.name, statement: ctx.statement });
  }
}

/** Applies a statement to ctx.draft; returns the 'Type.name' it affected. */
export function applyStatement(ctx: ApplyContext, s: Statement): string {
  const type = resolveType(s.componentType);
  const key = componentKey(type.name, s.name);
  const existing = ctx.draft.get(type.name, s.name);
  const notFound = () => new ConfigurationError(ConfigErrorCode.COMPONENT_NOT_FOUND, `Component ${key} does not exist`, { component: key });
  switch (s.command) {
    case 'CREATE':
    case 'RECREATE': {
      if (s.command === 'CREATE' && existing) {
        throw new ConfigurationError(ConfigErrorCode.COMPONENT_EXISTS, `Component ${key} already exists; use RECREATE or ALTER to change it`, { component: key });
      }
      const record = recordFromDefinition(type, s);
      claimFiles(ctx, type, record, existing);
      ctx.draft.put(record);
      return key;
    }
    case 'ALTER': {
      if (!existing) throw notFound();
      const record = alterRecord(type, existing, s.changes);
      claimFiles(ctx, type, record, existing);
      ctx.draft.put(record);
      return key;
    }
    case 'DROP':
      ctx.draft.remove(type.name, s.name);
      for (const [file, claim] of ctx.claims) if (claim.type === type.name && claim.name === s.name) ctx.claims.delete(file);
      return key;
    case 'RENAME':
      ctx.draft.rename(type.name, s.name, s.newName);
      for (const claim of ctx.claims.values()) if (claim.type === type.name && claim.name === s.name) claim.name = s.newName;
      return componentKey(type.name, s.newName);
  }
}

/** Takes every still-referenced claimed file out of staging and binds it; run last, on the draft. */
export function bindClaimedFiles(ctx: ApplyContext): void {
  for (const [fileName, claim] of ctx.claims) {
    if (ctx.draft.get(claim.type, claim.name)?.attributes[claim.attribute] !== fileName) continue;
    ctx.statement = claim.statement;
    const file = ctx.staging?.take(fileName);
    if (!file) throw new ConfigurationError(ConfigErrorCode.FILE_NOT_STAGED, `File [${fileName}] is no longer in the staging area`, { component: componentKey(claim.type, claim.name) });
    ctx.draft.bindFile(claim.type, claim.name, claim.attribute, file);
  }
}
