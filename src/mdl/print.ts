/**
 * Canonical MDL printer: keywords uppercase, one item per line, three-space indent.
 * `parse(print(statements))` deep-equals `statements`.
 */
import type { AlterChange, Attribute, AttributeChange, Scalar, Statement, SubcomponentDef } from './ast';

const INDENT = '   ';

export function quote(value: string): string {
  return `'${value.replace(/[\\'\n\r\t]/g, (c) => ({ '\\': '\\\\', "'": "\\'", '\n': '\\n', '\r': '\\r', '\t': '\\t' })[c] ?? c)}'`;
}

export function printScalar(s: Scalar): string {
  switch (s.kind) {
    case 'string':
      return quote(s.value);
    case 'boolean':
      return s.value ? 'true' : 'false';
    case 'number':
      return s.value;
  }
}

const printValues = (values: readonly Scalar[]): string => `(${values.map(printScalar).join(', ')})`;

export function printAttribute(a: Attribute): string {
  return `${a.name}${printValues(a.values)}`;
}

function printChange(c: AttributeChange): string {
  return c.op === 'set' ? printAttribute(c) : `${c.name} ${c.op.toUpperCase()} ${printValues(c.values)}`;
}

/** `( item, item )` spread over lines at the given depth; `()` when empty. */
function block(items: readonly string[], depth: number): string {
  if (items.length === 0) return '()';
  const pad = INDENT.repeat(depth + 1);
  return `(\n${items.map((i) => pad + i).join(',\n')}\n${INDENT.repeat(depth)})`;
}

function printSub(s: SubcomponentDef, depth: number): string {
  return `${s.subtype} ${s.name} ${block(s.attributes.map(printAttribute), depth)}`;
}

function printAlterChange(c: AlterChange): string {
  switch (c.kind) {
    case 'attribute':
      return printChange(c);
    case 'add':
      return `ADD ${printSub(c.sub, 1)}`;
    case 'modify':
      return `MODIFY ${c.subtype} ${c.name} ${block(c.changes.map(printChange), 1)}`;
    case 'drop':
      return `DROP ${c.subtype} ${c.name}`;
    case 'rename':
      return `RENAME ${c.subtype} ${c.from} TO ${c.to}`;
  }
}

export function printStatement(s: Statement): string {
  const head = `${s.command} ${s.componentType} ${s.name}`;
  switch (s.command) {
    case 'CREATE':
    case 'RECREATE':
      return `${head} ${block([...s.attributes.map(printAttribute), ...s.subcomponents.map((sub) => printSub(sub, 1))], 0)};`;
    case 'ALTER':
      return `${head} ${block(s.changes.map(printAlterChange), 0)};`;
    case 'DROP':
      return `${head};`;
    case 'RENAME':
      return `${head} TO ${s.newName};`;
  }
}

export function print(statements: readonly Statement[]): string {
  return statements.map(printStatement).join('\n\n') + '\n';
}
