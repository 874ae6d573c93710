import type { ComponentTypeDefinition } from '../metadata';
import { formattedOutput, overlayTemplate, signaturePage } from './content';
import { docfield, doclifecycle, docrelationshiptype, doctype, documenttemplate } from './documents';
import { object } from './objects';
import { picklist, renditionType } from './picklist';
import { tab } from './tab';

export { DOCFIELD_TYPES, DOCUMENT_TEMPLATE_KINDS, LIFECYCLE_STATE_TYPES } from './documents';
export { OBJECT_DATA_STORES, OBJECT_FIELD_TYPES } from './objects';

/** Every simulated component type, in catalogue order. */
export const catalogue: readonly ComponentTypeDefinition[] = [
  picklist,
  docfield,
  doctype,
  doclifecycle,
  object,
  renditionType,
  formattedOutput,
  overlayTemplate,
  signaturePage,
  docrelationshiptype,
  documenttemplate,
  tab,
];
