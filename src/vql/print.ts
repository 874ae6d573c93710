import type { Condition, Find, Literal, Operand, OrderItem, Query, SelectItem, SubQuery, Value } from './ast';

const STATE_NAMES = { steady: 'STEADYSTATE()', obsolete: 'OBSOLETESTATE()', superseded: 'SUPERSEDEDSTATE()' } as const;

/** Canonical VQL text for an AST: `parse(print(ast))` deep-equals `ast`. */
export function print(q: Query): string {
  const parts = [`SELECT ${q.select.map(printSelectItem).join(', ')}`, `FROM ${q.from.allVersions ? 'ALLVERSIONS ' : ''}${q.from.name}`];
  if (q.where) parts.push(`WHERE ${printCondition(q.where)}`);
  if (q.find) parts.push(printFind(q.find));
  if (q.orderBy.length) parts.push(printOrderBy(q.orderBy));
  if (q.maxRows !== undefined) parts.push(`MAXROWS ${q.maxRows}`);
  if (q.skip !== undefined) parts.push(`SKIP ${q.skip}`);
  if (q.pageSize !== undefined) parts.push(`PAGESIZE ${q.pageSize}`);
  if (q.pageOffset !== undefined) parts.push(`PAGEOFFSET ${q.pageOffset}`);
  return parts.join(' ');
}

export function printSelectItem(item: SelectItem): string {
  if (item.kind === 'subquery') return `(${printSubQuery(item.query)})`;
  if (item.fn === 'LATESTVERSION') return `LATESTVERSION ${item.field}`;
  return printOperand(item);
}

function printSubQuery(q: SubQuery): string {
  const parts = [`SELECT ${q.select.map(printSelectItem).join(', ')}`, `FROM ${q.from}`];
  if (q.where) parts.push(`WHERE ${printCondition(q.where)}`);
  if (q.orderBy.length) parts.push(printOrderBy(q.orderBy));
  return parts.join(' ');
}

function printOrderBy(items: OrderItem[]): string {
  return `ORDER BY ${items.map((o) => `${o.field}${o.desc ? ' DESC' : ''}`).join(', ')}`;
}

function printFind(f: Find): string {
  const s = f.scope;
  const scope = s.kind === 'properties' ? '' : ` SCOPE ${s.kind === 'field' ? s.field : s.kind.toUpperCase()}`;
  return `FIND (${printString(f.terms)}${scope})`;
}

export function printOperand(o: Operand | { field: string; fn?: string }): string {
  return o.fn ? `${o.fn}(${o.field})` : o.field;
}

export function printString(s: string): string {
  return `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}

export function printLiteral(v: Literal): string {
  switch (v.kind) {
    case 'string': return printString(v.value);
    case 'number': return String(v.value);
    case 'boolean': return v.value ? 'true' : 'false';
    case 'null': return 'null';
  }
}

function printValue(v: Value): string {
  return v.kind === 'state' ? STATE_NAMES[v.state] : printLiteral(v);
}

/** Prints a condition with the fewest parentheses that re-parse to the same (left-associative) tree. */
export function printCondition(c: Condition): string {
  switch (c.kind) {
    case 'or':
      return `${printCondition(c.left)} OR ${wrapIf(c.right, c.right.kind === 'or')}`;
    case 'and':
      return `${wrapIf(c.left, c.left.kind === 'or')} AND ${wrapIf(c.right, c.right.kind === 'or' || c.right.kind === 'and')}`;
    case 'compare':
      return `${printOperand(c.left)} ${c.op} ${printValue(c.right)}`;
    case 'in':
      return `${printOperand(c.left)} IN (${c.values.map(printLiteral).join(', ')})`;
    case 'inSubquery':
      return `${printOperand(c.left)} IN (${printSubQuery(c.query)})`;
    case 'contains':
      return `${printOperand(c.left)} CONTAINS (${c.values.map(printLiteral).join(', ')})`;
    case 'between':
      return `${printOperand(c.left)} BETWEEN ${printLiteral(c.low)} AND ${printLiteral(c.high)}`;
    case 'like':
      return `${printOperand(c.left)} LIKE ${printString(c.pattern)}`;
  }
}

function wrapIf(c: Condition, wrap: boolean): string {
  return wrap ? `(${printCondition(c)})` : printCondition(c);
}
