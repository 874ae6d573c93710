/**
 * Object (sub Field): the definition of an object; its records are data kept elsewhere.
 * The attributes are the real service's documented Object and Field attributes (issue 15: a script
 * written for a tenant runs unchanged), so that MDL accepts them and endpoint 12 gives them back.
 * Attributes whose allowed values dms-sim does not know exactly are text (any value is kept).
 */
import {
  LIMITS,
  MAX_LONG,
  MIN_LONG,
  activeAttribute,
  attribute,
  componentType,
  enumeration,
  flag,
  labelAttribute,
  long,
  reference,
  subcomponent,
  textAttribute,
  type ComponentTypeDefinition,
} from '../metadata';

export const OBJECT_FIELD_TYPES = [
  'ID',
  'String',
  'LongText',
  'RichText',
  'Number',
  'Currency',
  'Boolean',
  'Date',
  'DateTime',
  'Picklist',
  'Object',
  'Link',
] as const;

/** Where an object's records are kept (the real service's `data_store` values). */
export const OBJECT_DATA_STORES = ['standard', 'high_volume', 'raw'] as const;

/** (chosen) An object prefix: the real service's are three characters (e.g. `V1S`, `OOW`). */
const PREFIX_LENGTH = 3;

/** A multi-valued text attribute (values kept in the script's order). */
const texts = (name: string) => attribute(name, 'String', { multi_value: true, ordered: true, max_length: LIMITS.name });

export const object: ComponentTypeDefinition = {
  metadata: componentType(
    'Object',
    'OBJ',
    [
      labelAttribute(),
      attribute('label_plural', 'String', { requiredness: 'required', max_length: LIMITS.labelPlural }),
      activeAttribute(),
      textAttribute('description'),
      textAttribute('help_content'),
      flag('in_menu'),
      flag('allow_attachments'),
      flag('audit'),
      flag('enable_esignatures'),
      flag('dynamic_security'),
      flag('system_managed'),
      flag('allow_types'),
      flag('multi_select'),
      flag('enable_merges'),
      long('order', 0, MAX_LONG),
      textAttribute('prefix', PREFIX_LENGTH),
      enumeration('data_store', OBJECT_DATA_STORES),
      textAttribute('object_class', LIMITS.name),
      texts('secure_sharing_settings'),
      texts('available_lifecycles'),
      reference('user_role_setup_object', 'Object'),
    ],
    [
      subcomponent('Field', [
        labelAttribute(),
        enumeration('type', OBJECT_FIELD_TYPES, { requiredness: 'required' }),
        activeAttribute(),
        flag('required'),
        flag('unique'),
        long('max_length', 1, LIMITS.fieldMaxLength),
        long('min_value', MIN_LONG, MAX_LONG),
        long('max_value', MIN_LONG, MAX_LONG),
        long('scale', 0, LIMITS.fieldScale),
        flag('multi_value'),
        reference('picklist', 'Picklist', { requiredness: 'conditional' }),
        reference('object', 'Object', { requiredness: 'conditional' }),
        textAttribute('relationship_name', LIMITS.name),
        enumeration('relationship_type', ['reference', 'parent', 'child']),
        textAttribute('relationship_outbound_name', LIMITS.name),
        textAttribute('relationship_inbound_name', LIMITS.name),
        textAttribute('relationship_inbound_label', LIMITS.label),
        enumeration('relationship_deletion', ['block', 'cascade', 'setnull']),
        flag('secure_relationship'),
        flag('create_object_inline'),
        textAttribute('controlling_field', LIMITS.name),
        textAttribute('lookup_relationship_name', LIMITS.name),
        textAttribute('lookup_source_field', LIMITS.name),
        textAttribute('help_content'),
        long('order', 0, MAX_LONG),
        flag('list_column'),
        flag('system_managed_name'),
        long('start_number', 0, MAX_LONG),
        textAttribute('value_format', LIMITS.name),
        textAttribute('format_mask', LIMITS.name),
        attribute('default_value', 'LongString', { max_length: LIMITS.description }),
        attribute('formula', 'LongString', { max_length: LIMITS.description }),
        flag('no_copy'),
        flag('facetable'),
        flag('encrypted'),
        flag('checkbox'),
      ]),
    ],
  ),
};
