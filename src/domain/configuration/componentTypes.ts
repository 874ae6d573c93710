/**
 * The catalogue of component types dms-sim simulates, with their metadata as endpoint 9 answers it.
 *
 * Attribute names follow the real service's public MDL where known (label, active, type, picklist,
 * parent, available_lifecycles, rendition_types, Picklistentry value/order...). Choices of dms-sim:
 * abbreviations; Doclifecyclestate `state_type` (one enum instead of several labelled-state flags);
 * Docfield `defined_in` + Doctype `fields` as the two halves of field placement (see catalogue/documents.ts);
 * `active` is optional everywhere and absent means active. See README.md.
 */
import { catalogue } from './catalogue/index';
import type { AttributeMetadata, ComponentTypeDefinition, ComponentTypeMetadata, SubcomponentMetadata } from './metadata';

const definitions: readonly ComponentTypeDefinition[] = catalogue;
const byName = new Map(definitions.map((d) => [d.metadata.name, d]));
const byLowerName = new Map(definitions.map((d) => [d.metadata.name.toLowerCase(), d]));

/** Names of all simulated component types, in catalogue order. */
export function componentTypeNames(): string[] {
  return definitions.map((d) => d.metadata.name);
}

/** The definition of a simulated type; the name is matched exactly, then case-insensitively. */
export function componentTypeDefinition(name: string): ComponentTypeDefinition | undefined {
  return byName.get(name) ?? byLowerName.get(name.toLowerCase());
}

/** Endpoint 9's `data` for a type, or undefined when dms-sim does not simulate it. */
export function componentTypeMetadata(name: string): ComponentTypeMetadata | undefined {
  return componentTypeDefinition(name)?.metadata;
}

export function isSimulatedType(name: string): boolean {
  return componentTypeDefinition(name) !== undefined;
}

export function subcomponentMetadata(type: ComponentTypeMetadata, subtype: string): SubcomponentMetadata | undefined {
  return type.sub_components.find((s) => s.name === subtype) ?? type.sub_components.find((s) => s.name.toLowerCase() === subtype.toLowerCase());
}

/** Attributes a record may set (all but `name`, which the statement itself gives). */
export function settableAttributes(owner: { readonly attributes: readonly AttributeMetadata[] }): readonly AttributeMetadata[] {
  return owner.attributes.filter((a) => a.name !== 'name');
}
