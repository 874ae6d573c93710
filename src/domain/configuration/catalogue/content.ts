/** Component types holding binary content through a File attribute (`template` or `file`). */
import {
  activeAttribute,
  attribute,
  componentType,
  enumeration,
  labelAttribute,
  reference,
  textAttribute,
  type ComponentTypeDefinition,
} from '../metadata';

const fileAttribute = (name: 'file' | 'template') => attribute(name, 'File', { requiredness: 'required' });

export const formattedOutput: ComponentTypeDefinition = {
  metadata: componentType('Formattedoutput', 'FOU', [
    labelAttribute(),
    activeAttribute(),
    textAttribute('description'),
    reference('root_object', 'Object'),
    enumeration('output_type', ['PDF']),
    fileAttribute('template'),
  ]),
};

export const overlayTemplate: ComponentTypeDefinition = {
  metadata: componentType('Overlaytemplate', 'OVT', [labelAttribute(), activeAttribute(), textAttribute('description'), fileAttribute('file')]),
};

export const signaturePage: ComponentTypeDefinition = {
  metadata: componentType('Signaturepage', 'SGP', [labelAttribute(), activeAttribute(), textAttribute('description'), fileAttribute('file')]),
};
