/**
 * Document configuration: Docfield, Doctype (type > subtype > classification through `parent`),
 * Doclifecycle (sub Doclifecyclestate), Docrelationshiptype, Documenttemplate.
 *
 * Where fields apply (one source each, nothing stored twice):
 * - a non-shared Docfield names the Doctype defining it in `defined_in`; without it the field is a
 *   base field of every document (e.g. name__v);
 * - a shared Docfield (`shared(true)`) has no `defined_in`; each Doctype using it lists it in its
 *   `fields` attribute, from which a view derives `usedIn`.
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
  references,
  subcomponent,
  textAttribute,
  type ComponentTypeDefinition,
} from '../metadata';

export const DOCFIELD_TYPES = [
  'String',
  'LongText',
  'RichText',
  'Number',
  'Boolean',
  'Date',
  'DateTime',
  'Picklist',
  'ObjectReference',
  'Link',
  'Users',
  'id',
] as const;

export const docfield: ComponentTypeDefinition = {
  metadata: componentType('Docfield', 'DFD', [
    labelAttribute(),
    activeAttribute(),
    enumeration('type', DOCFIELD_TYPES, { requiredness: 'required' }),
    enumeration('scope', ['Document', 'DocumentVersion']),
    flag('required'),
    long('max_length', 1, LIMITS.fieldMaxLength),
    long('min_value', MIN_LONG, MAX_LONG),
    long('max_value', MIN_LONG, MAX_LONG),
    long('scale', 0, LIMITS.fieldScale),
    flag('multi_value'),
    reference('picklist', 'Picklist', { requiredness: 'conditional' }),
    reference('object', 'Object', { requiredness: 'conditional' }),
    textAttribute('relationship_name', LIMITS.name),
    enumeration('relationship_type', ['reference', 'parent', 'child']),
    textAttribute('section', LIMITS.label),
    long('section_position', 0, MAX_LONG),
    textAttribute('help_content'),
    flag('shared'),
    reference('defined_in', 'Doctype', { requiredness: 'conditional' }),
    flag('system_attribute'),
    flag('editable'),
    flag('queryable'),
    flag('hidden'),
    flag('facetable'),
    flag('no_copy'),
    flag('set_on_create_only'),
  ]),
};

export const doctype: ComponentTypeDefinition = {
  metadata: componentType('Doctype', 'DTY', [
    labelAttribute(),
    activeAttribute(),
    textAttribute('description'),
    reference('parent', 'Doctype'),
    references('available_lifecycles', 'Doclifecycle'),
    references('rendition_types', 'Renditiontype'),
    references('fields', 'Docfield'),
    attribute('processes', 'String', { multi_value: true, ordered: true, max_length: LIMITS.name }),
    textAttribute('document_number_format', LIMITS.label),
    textAttribute('document_name_format', LIMITS.label),
    // Type metadata "where configured" (endpoints 18–20): relationship types documents of this
    // Doctype may have (inherited down the hierarchy), and the workflows a type offers.
    references('relationship_types', 'Docrelationshiptype'),
    attribute('default_workflows', 'String', { multi_value: true, ordered: true, max_length: LIMITS.name }),
  ]),
};

/** A document relationship type (e.g. supporting documents); Doctypes list the ones they allow. */
export const docrelationshiptype: ComponentTypeDefinition = {
  metadata: componentType('Docrelationshiptype', 'DRT', [labelAttribute(), activeAttribute(), textAttribute('description'), flag('single_use')]),
};

export const DOCUMENT_TEMPLATE_KINDS = ['document', 'controlled'] as const;

/**
 * A document template offered when creating documents of a Doctype (`doctype`) and of every
 * Doctype below it. Its content is not simulated (no File attribute: the spec names the only
 * binary-content types).
 */
export const documenttemplate: ComponentTypeDefinition = {
  metadata: componentType('Documenttemplate', 'DTM', [
    labelAttribute(),
    activeAttribute(),
    textAttribute('description'),
    reference('doctype', 'Doctype', { requiredness: 'required' }),
    enumeration('kind', DOCUMENT_TEMPLATE_KINDS),
  ]),
};

export const LIFECYCLE_STATE_TYPES = [
  'steady_state',
  'superseded_state',
  'obsolete_state',
  'in_review_state',
  'in_approval_state',
] as const;

export const doclifecycle: ComponentTypeDefinition = {
  metadata: componentType(
    'Doclifecycle',
    'DLC',
    [labelAttribute(), activeAttribute(), textAttribute('description')],
    [
      subcomponent('Doclifecyclestate', [
        labelAttribute(),
        activeAttribute(),
        textAttribute('description'),
        long('order', 0, MAX_LONG, { requiredness: 'required' }),
        enumeration('state_type', LIFECYCLE_STATE_TYPES),
      ]),
    ],
  ),
};
