/**
 * toRecreateStatement: endpoint 12's text, one `RECREATE Type name (...);` that, executed,
 * leaves the registry unchanged. Attributes and subcomponent types are printed in catalogue order.
 */
import { printStatement, type Attribute, type DefineStatement } from '../../mdl/index';
import { componentTypeMetadata, settableAttributes } from './componentTypes';
import type { AttributeMetadata } from './metadata';
import type { ComponentRecord, Value } from './model';
import { notSimulated } from './validate';
import { valueToScalars } from './values';

function attributes(metas: readonly AttributeMetadata[], values: Readonly<Record<string, Value>>): Attribute[] {
  return settableAttributes({ attributes: metas })
    .filter((m) => values[m.name] !== undefined)
    .map((m) => ({ name: m.name, values: valueToScalars(values[m.name]) }));
}

export function recreateStatementOf(record: ComponentRecord): DefineStatement {
  const type = componentTypeMetadata(record.type);
  if (!type) throw notSimulated(record.type);
  return {
    command: 'RECREATE',
    componentType: type.name,
    name: record.name,
    attributes: attributes(type.attributes, record.attributes),
    subcomponents: type.sub_components.flatMap((sub) =>
      (record.subcomponents[sub.name] ?? []).map((entry) => ({ subtype: sub.name, name: entry.name, attributes: attributes(sub.attributes, entry.attributes) })),
    ),
  };
}

export function toRecreateStatement(record: ComponentRecord): string {
  return printStatement(recreateStatementOf(record)) + '\n';
}
