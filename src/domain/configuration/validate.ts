/**
 * Validation of a component record against its type's metadata and the rest of the registry:
 * unknown attribute, wrong kind, over max_length / out of range / too many decimals, value not in the
 * enum, duplicate values, required attribute missing, unknown referenced component, subcomponent
 * names and counts; then the type's own rules (rules.ts). Throws ConfigurationError naming
 * the record and the attribute.
 */
import { componentTypeDefinition, componentTypeNames, settableAttributes, subcomponentMetadata } from './componentTypes';
import { ConfigErrorCode, ConfigurationError } from './errors';
import { LIMITS, type AttributeMetadata } from './metadata';
import { componentKey, parseReference, type ComponentRecord, type ScalarValue, type Value } from './model';
import { checkTypeRules } from './rules';
import { numberToText, scaleOf } from './values';

export interface RecordLookup {
  get(type: string, name: string): ComponentRecord | undefined;
  list(type: string): readonly ComponentRecord[];
  /** Components referring to Type.name ('Type.name' and attribute), when the lookup keeps an index of them. */
  referrersOf?(type: string, name: string): readonly { component: string; attribute: string }[];
}

const NAME = /^[a-z][a-z0-9_]*$/;

export function checkName(name: string, what: string, component: string): void {
  if (!NAME.test(name) || name.length > LIMITS.name) {
    throw new ConfigurationError(
      ConfigErrorCode.INVALID_NAME,
      `Invalid ${what} name [${name}]: use lowercase letters, digits and underscores, starting with a letter, at most ${LIMITS.name} characters`,
      { component },
    );
  }
}

function checkScalar(meta: AttributeMetadata, v: ScalarValue, attr: string, component: string, self: ComponentRecord, lookup: RecordLookup): void {
  const where = { component, attribute: attr };
  const shown = typeof v === 'string' ? v : typeof v === 'bigint' || typeof v === 'number' ? numberToText(v) : String(v);
  const fail = (code: ConfigErrorCode, why: string): never => {
    throw new ConfigurationError(code, `Invalid value [${shown}] for attribute [${attr}] of ${component}: ${why}`, where);
  };
  const kind = typeof v;
  const expected = meta.type === 'Boolean' ? 'boolean' : meta.type === 'Number' ? 'number' : 'string';
  if (!(kind === expected || (expected === 'number' && kind === 'bigint'))) fail(ConfigErrorCode.INVALID_VALUE, `expected a ${meta.type} value`);
  if (typeof v === 'string') {
    if (meta.max_length !== undefined && [...v].length > meta.max_length) {
      fail(ConfigErrorCode.MAX_LENGTH_EXCEEDED, `longer than the maximum length of ${meta.max_length} characters`);
    }
    if (meta.type === 'Enum' && !meta.enums?.includes(v)) fail(ConfigErrorCode.INVALID_VALUE, `allowed values are ${meta.enums?.join(', ')}`);
    if (meta.type === 'File' && v.length === 0) fail(ConfigErrorCode.INVALID_VALUE, 'expected the name of a staged file');
    if (meta.type === 'Component') {
      const ref = parseReference(v);
      if (!ref || ref.type !== meta.component) fail(ConfigErrorCode.INVALID_VALUE, `expected a reference '${meta.component}.name'`);
      const isSelf = ref!.type === self.type && ref!.name === self.name;
      if (!isSelf && !lookup.get(ref!.type, ref!.name)) fail(ConfigErrorCode.UNKNOWN_REFERENCE, `component ${v} does not exist`);
    }
  }
  if (typeof v === 'number' || typeof v === 'bigint') {
    if (meta.min_value !== undefined && v < meta.min_value) fail(ConfigErrorCode.OUT_OF_RANGE, `below the minimum of ${meta.min_value}`);
    if (meta.max_value !== undefined && v > meta.max_value) fail(ConfigErrorCode.OUT_OF_RANGE, `above the maximum of ${meta.max_value}`);
    if (meta.scale !== undefined && scaleOf(v) > meta.scale) fail(ConfigErrorCode.OUT_OF_RANGE, `more than ${meta.scale} digits after the decimal point`);
  }
}

function checkAttributes(
  metas: readonly AttributeMetadata[],
  attributes: Readonly<Record<string, Value>>,
  prefix: string,
  component: string,
  self: ComponentRecord,
  lookup: RecordLookup,
): void {
  for (const [name, value] of Object.entries(attributes)) {
    const attr = prefix + name;
    const meta = metas.find((m) => m.name === name);
    if (!meta) {
      const known = metas.map((m) => m.name).join(', ');
      throw new ConfigurationError(ConfigErrorCode.UNKNOWN_ATTRIBUTE, `Unknown attribute [${attr}] for ${component}; known attributes: ${known}`, { component, attribute: attr });
    }
    if (Array.isArray(value)) {
      if (!meta.multi_value) {
        throw new ConfigurationError(ConfigErrorCode.INVALID_VALUE, `Attribute [${attr}] of ${component} takes a single value`, { component, attribute: attr });
      }
      const seen = new Set<ScalarValue>();
      for (const v of value) {
        if (seen.has(v)) throw new ConfigurationError(ConfigErrorCode.INVALID_VALUE, `Duplicate value [${String(v)}] in attribute [${attr}] of ${component}`, { component, attribute: attr });
        seen.add(v);
        checkScalar(meta, v, attr, component, self, lookup);
      }
      if (value.length === 0) throw new ConfigurationError(ConfigErrorCode.INVALID_VALUE, `Attribute [${attr}] of ${component} is empty; omit it instead`, { component, attribute: attr });
    } else {
      if (meta.multi_value) {
        throw new ConfigurationError(ConfigErrorCode.INVALID_VALUE, `Attribute [${attr}] of ${component} is multi-value: give a list`, { component, attribute: attr });
      }
      checkScalar(meta, value as ScalarValue, attr, component, self, lookup);
    }
  }
  for (const meta of metas) {
    if (meta.requiredness === 'required' && attributes[meta.name] === undefined) {
      const attr = prefix + meta.name;
      throw new ConfigurationError(ConfigErrorCode.REQUIRED_MISSING, `Missing required attribute [${attr}] for ${component}`, { component, attribute: attr });
    }
  }
}

/** Throws ConfigurationError when `record` is not valid in the registry seen through `lookup`. */
export function validateRecord(record: ComponentRecord, lookup: RecordLookup): void {
  const definition = componentTypeDefinition(record.type);
  const component = componentKey(record.type, record.name);
  if (!definition || definition.metadata.name !== record.type) {
    throw notSimulated(record.type);
  }
  checkName(record.name, 'component', component);
  const type = definition.metadata;
  checkAttributes(settableAttributes(type), record.attributes, '', component, record, lookup);
  for (const [subtype, entries] of Object.entries(record.subcomponents)) {
    const sub = subcomponentMetadata(type, subtype);
    if (!sub || sub.name !== subtype) {
      throw new ConfigurationError(
        ConfigErrorCode.UNKNOWN_SUBCOMPONENT_TYPE,
        `Unknown subcomponent type [${subtype}] for ${component}; known: ${type.sub_components.map((s) => s.name).join(', ') || 'none'}`,
        { component },
      );
    }
    const max = definition.maxSubcomponents && Object.hasOwn(definition.maxSubcomponents, subtype) ? definition.maxSubcomponents[subtype] : undefined;
    if (max !== undefined && entries.length > max) {
      throw new ConfigurationError(ConfigErrorCode.TOO_MANY_SUBCOMPONENTS, `${component} has ${entries.length} ${subtype} entries; the maximum is ${max}`, { component });
    }
    const names = new Set<string>();
    for (const entry of entries) {
      checkName(entry.name, subtype, component);
      if (names.has(entry.name)) {
        throw new ConfigurationError(ConfigErrorCode.SUBCOMPONENT_EXISTS, `${subtype} [${entry.name}] appears twice in ${component}`, { component });
      }
      names.add(entry.name);
      checkAttributes(settableAttributes(sub), entry.attributes, `${subtype}.${entry.name}.`, component, record, lookup);
    }
  }
  checkTypeRules(record, lookup);
}

export function notSimulated(type: string): ConfigurationError {
  return new ConfigurationError(
    ConfigErrorCode.TYPE_NOT_SIMULATED,
    `Component type [${type}] is not simulated by dms-sim; simulated types are: ${componentTypeNames().join(', ')}`,
  );
}
