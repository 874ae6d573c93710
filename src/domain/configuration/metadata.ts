/**
 * Component type metadata, in the shape endpoint 9 answers (`data`), and small builders for the catalogue.
 * Every number that is a choice of dms-sim (not given by the spec) is in LIMITS, to be corrected in one edit.
 */
import type { ScalarValue } from './model';

export type AttributeType = 'String' | 'LongString' | 'XMLString' | 'Boolean' | 'Number' | 'Enum' | 'Component' | 'File';
export type Requiredness = 'required' | 'optional' | 'conditional';

export interface AttributeMetadata {
  readonly name: string;
  readonly type: AttributeType;
  readonly requiredness: Requiredness;
  readonly max_length?: number;
  readonly max_value?: number | bigint;
  readonly min_value?: number | bigint;
  readonly scale?: number;
  readonly editable: boolean;
  readonly multi_value: boolean;
  /** Multi-value only: whether the order of values is meaningful. */
  readonly ordered?: boolean;
  /** Enum only: the allowed values. */
  readonly enums?: readonly string[];
  /** Component only: the referenced component type. */
  readonly component?: string;
}

export interface SubcomponentMetadata {
  readonly name: string;
  readonly json_collection_name: string;
  readonly attributes: readonly AttributeMetadata[];
}

export interface ComponentTypeMetadata {
  readonly name: string;
  readonly class: 'metadata' | 'code';
  readonly abbreviation: string;
  readonly active: boolean;
  readonly attributes: readonly AttributeMetadata[];
  readonly sub_components: readonly SubcomponentMetadata[];
}

/** Internal rules beside the metadata (not part of endpoint 9's answer). */
export interface ComponentTypeDefinition {
  readonly metadata: ComponentTypeMetadata;
  /** Maximum number of entries per subcomponent type, when limited. */
  readonly maxSubcomponents?: Readonly<Record<string, number>>;
}

export const MAX_LONG = 9223372036854775807n;
export const MIN_LONG = -9223372036854775808n;

/** Limits: the spec's (Picklist label, entry value, order) and dms-sim's choices (marked chosen). */
export const LIMITS = {
  /** Spec: Picklist `label` max length. */
  picklistLabel: 40,
  /** Spec: Picklist entry `value` max length. */
  picklistEntryValue: 128,
  /** Public documentation of the real service: options per picklist. */
  picklistEntries: 2000,
  /** (chosen) label of other component types and subcomponents. */
  label: 100,
  /** (chosen) plural label of an Object. */
  labelPlural: 100,
  /** (chosen) description / help text. */
  description: 1500,
  /** (chosen) component and subcomponent API names. */
  name: 100,
  /** (chosen) largest max_length a String field may declare. */
  fieldMaxLength: 1500,
  /** (chosen) largest scale a Number field may declare. */
  fieldScale: 9,
} as const;

type Options = Partial<Omit<AttributeMetadata, 'name' | 'type'>>;

/** One attribute's metadata: optional, editable, single-valued unless told otherwise. */
export function attribute(name: string, type: AttributeType, options: Options = {}): AttributeMetadata {
  return { name, type, requiredness: 'optional', editable: true, multi_value: false, ...options };
}

export const nameAttribute = (): AttributeMetadata =>
  attribute('name', 'String', { requiredness: 'required', max_length: LIMITS.name, editable: false });
export const labelAttribute = (max_length: number = LIMITS.label): AttributeMetadata =>
  attribute('label', 'String', { requiredness: 'required', max_length });
export const activeAttribute = (): AttributeMetadata => attribute('active', 'Boolean');
export const textAttribute = (name: string, max_length: number = LIMITS.description): AttributeMetadata =>
  attribute(name, 'String', { max_length });
export const flag = (name: string): AttributeMetadata => attribute(name, 'Boolean');
export const reference = (name: string, component: string, options: Options = {}): AttributeMetadata =>
  attribute(name, 'Component', { component, ...options });
export const references = (name: string, component: string): AttributeMetadata =>
  attribute(name, 'Component', { component, multi_value: true, ordered: true });
export const enumeration = (name: string, enums: readonly string[], options: Options = {}): AttributeMetadata =>
  attribute(name, 'Enum', { enums, ...options });
export const long = (name: string, min_value: number | bigint, max_value: number | bigint, options: Options = {}): AttributeMetadata =>
  attribute(name, 'Number', { min_value, max_value, scale: 0, ...options });

export function subcomponent(name: string, attributes: readonly AttributeMetadata[]): SubcomponentMetadata {
  return { name, json_collection_name: name, attributes: [nameAttribute(), ...attributes] };
}

export function componentType(
  name: string,
  abbreviation: string,
  attributes: readonly AttributeMetadata[],
  sub_components: readonly SubcomponentMetadata[] = [],
): ComponentTypeMetadata {
  return { name, class: 'metadata', abbreviation, active: true, attributes: [nameAttribute(), ...attributes], sub_components };
}

export function findAttribute(
  owner: { readonly attributes: readonly AttributeMetadata[] },
  name: string,
): AttributeMetadata | undefined {
  return owner.attributes.find((a) => a.name === name);
}

export type { ScalarValue };
