/** Picklist (sub Picklistentry) and Renditiontype: value lists referenced by fields and document types. */
import {
  LIMITS,
  MAX_LONG,
  activeAttribute,
  attribute,
  componentType,
  flag,
  labelAttribute,
  long,
  reference,
  subcomponent,
  textAttribute,
  type ComponentTypeDefinition,
} from '../metadata';

export const picklist: ComponentTypeDefinition = {
  metadata: componentType(
    'Picklist',
    'PKL',
    [
      labelAttribute(LIMITS.picklistLabel),
      activeAttribute(),
      flag('can_add_values'),
      flag('can_reorder_values'),
      reference('controlling_picklist', 'Picklist'),
    ],
    [
      subcomponent('Picklistentry', [
        attribute('value', 'String', { requiredness: 'required', max_length: LIMITS.picklistEntryValue }),
        long('order', 0, MAX_LONG, { requiredness: 'required' }),
        activeAttribute(),
      ]),
    ],
  ),
  maxSubcomponents: { Picklistentry: LIMITS.picklistEntries },
};

export const renditionType: ComponentTypeDefinition = {
  metadata: componentType('Renditiontype', 'RDT', [labelAttribute(), activeAttribute(), textAttribute('description')]),
};
