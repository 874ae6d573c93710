/**
 * createRegistry: loads component records given as plain data (e.g. from a fixture file), converting
 * loose values (numeric strings for Number attributes, bare names for references) and validating all
 * records once all are loaded, so their order does not matter. Errors name the record and attribute.
 */
import { componentTypeDefinition, settableAttributes, subcomponentMetadata } from './componentTypes';
import { ConfigErrorCode, ConfigurationError } from './errors';
import type { AttributeMetadata } from './metadata';
import { componentKey, type ComponentRecord, type SubcomponentRecord, type Value } from './model';
import { ComponentRegistry } from './registry';
import { validateRecord, notSimulated } from './validate';
import { valueFromInput } from './values';

const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);

function attributesFromInput(
  metas: readonly AttributeMetadata[],
  raw: unknown,
  component: string,
  prefix: string,
): Record<string, Value> {
  if (raw === undefined || raw === null) return {};
  if (!isObject(raw)) throw new ConfigurationError(ConfigErrorCode.INVALID_VALUE, `${component}: attributes must be an object`, { component });
  const out: Record<string, Value> = {};
  for (const [name, value] of Object.entries(raw)) {
    const attribute = prefix + name;
    const meta = metas.find((m) => m.name === name);
    if (!meta) {
      throw new ConfigurationError(
        ConfigErrorCode.UNKNOWN_ATTRIBUTE,
        `Unknown attribute [${attribute}] for ${component}; known attributes: ${metas.map((m) => m.name).join(', ')}`,
        { component, attribute },
      );
    }
    const v = valueFromInput(meta, value, { component, attribute });
    if (v !== undefined) out[name] = v;
  }
  return out;
}

/** Converts one loosely typed record; the component type name is matched case-insensitively. */
export function recordFromInput(raw: unknown): ComponentRecord {
  if (!isObject(raw) || typeof raw.type !== 'string' || typeof raw.name !== 'string') {
    throw new ConfigurationError(ConfigErrorCode.INVALID_VALUE, 'A component record needs string members [type] and [name]');
  }
  const definition = componentTypeDefinition(raw.type);
  if (!definition) throw notSimulated(raw.type);
  const type = definition.metadata;
  const component = componentKey(type.name, raw.name);
  const subcomponents: Record<string, SubcomponentRecord[]> = {};
  const rawSubs = raw.subcomponents ?? {};
  if (!isObject(rawSubs)) throw new ConfigurationError(ConfigErrorCode.INVALID_VALUE, `${component}: subcomponents must be an object`, { component });
  for (const [subtype, entries] of Object.entries(rawSubs)) {
    const sub = subcomponentMetadata(type, subtype);
    if (!sub) {
      throw new ConfigurationError(ConfigErrorCode.UNKNOWN_SUBCOMPONENT_TYPE, `Unknown subcomponent type [${subtype}] for ${component}`, { component });
    }
    if (!Array.isArray(entries)) throw new ConfigurationError(ConfigErrorCode.INVALID_VALUE, `${component}: ${subtype} must be a list`, { component });
    subcomponents[sub.name] = entries.map((e: unknown, i) => {
      if (!isObject(e) || typeof e.name !== 'string') {
        throw new ConfigurationError(ConfigErrorCode.INVALID_VALUE, `${component}: ${subtype} entry #${i + 1} needs a string [name]`, { component });
      }
      return { name: e.name, attributes: attributesFromInput(settableAttributes(sub), e.attributes, component, `${sub.name}.${e.name}.`) };
    });
  }
  return { type: type.name, name: raw.name, attributes: attributesFromInput(settableAttributes(type), raw.attributes, component, ''), subcomponents };
}

/** A registry holding `records`, all validated; throws ConfigurationError naming the first bad record and attribute. */
export function createRegistry(records: readonly unknown[]): ComponentRegistry {
  const converted = records.map((raw, i) => withRecordNumber(i, () => recordFromInput(raw)));
  const seen = new Set<string>();
  converted.forEach((r, i) => {
    const key = componentKey(r.type, r.name);
    if (seen.has(key)) throw new ConfigurationError(ConfigErrorCode.COMPONENT_EXISTS, `Record #${i + 1}: ${key} is defined twice`, { component: key });
    seen.add(key);
  });
  const registry = ComponentRegistry.unchecked(converted);
  converted.forEach((r, i) => withRecordNumber(i, () => validateRecord(registry.get(r.type, r.name)!, registry)));
  return registry;
}

function withRecordNumber<T>(index: number, fn: () => T): T {
  try {
    return fn();
  } catch (e) {
    if (e instanceof ConfigurationError) {
      throw new ConfigurationError(e.code, `Record #${index + 1}: ${e.message}`, { component: e.component, attribute: e.attribute });
    }
    throw e;
  }
}
