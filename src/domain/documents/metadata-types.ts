/** The shapes of document metadata (endpoints 14–20 and the query catalogue): fields, Doctypes, lifecycles and their extras. */
import type { ComponentRecord } from '../configuration';
import type { JsonInteger } from '../json-integer';

export type Level = 'type' | 'subtype' | 'classification';

/** Document field metadata: the members of the spec's table (camelCase), absent when their condition does not hold. */
export interface FieldMetadata {
  name: string;
  scope: string;
  type: string;
  required: boolean;
  maxLength?: number;
  minValue?: number | JsonInteger;
  /** A JsonInteger beyond ±2^53 (the id field's 9223372036854775807). */
  maxValue?: number | JsonInteger;
  repeating: boolean;
  systemAttribute: boolean;
  editable: boolean;
  setOnCreateOnly: boolean;
  disabled: boolean;
  hidden: boolean;
  queryable: boolean;
  facetable: boolean;
  noCopy: boolean;
  shared?: boolean;
  usedIn?: { key: string; type: Level }[];
  label: string;
  section?: string;
  sectionPosition?: number;
  helpContent?: string;
  definedInType: Level;
  definedIn: string;
  objectType?: string;
  relationshipType?: string;
  relationshipName?: string;
  picklist?: string;
  entries?: { name: string; label: string }[];
}

export interface DoctypeInfo {
  name: string;
  label: string;
  level: Level;
  /** Names from the type down to this one (base_document__v excluded). */
  chain: string[];
  children: string[];
  active: boolean;
  record: ComponentRecord;
}

export interface RelationshipTypeInfo {
  name: string;
  label: string;
  description?: string;
  singleUse: boolean;
}

/** A template as endpoints 18–20 show it (spec: `{label, name, kind, definedIn, definedInType}`). */
export interface TemplateInfo {
  label: string;
  name: string;
  kind: string;
  definedIn: string;
  definedInType: Level;
}

export interface LifecycleInfo {
  name: string;
  label: string;
  states: { name: string; label: string; order: number; stateType?: string }[];
}
