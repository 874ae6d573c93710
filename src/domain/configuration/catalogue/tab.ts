/**
 * Tab: an entry of the tenant's navigation (the real service's clients list and script them, issue
 * 15). A tab shows an object's records, a page or an address; tabs nest through `parent`.
 */
import {
  LIMITS,
  MAX_LONG,
  activeAttribute,
  componentType,
  labelAttribute,
  long,
  reference,
  textAttribute,
  type ComponentTypeDefinition,
} from '../metadata';

export const tab: ComponentTypeDefinition = {
  metadata: componentType('Tab', 'TAB', [
    labelAttribute(),
    activeAttribute(),
    long('order', 0, MAX_LONG),
    reference('parent', 'Tab'),
    reference('object', 'Object'),
    textAttribute('url', LIMITS.description),
    textAttribute('page', LIMITS.name),
    textAttribute('description'),
  ]),
};
