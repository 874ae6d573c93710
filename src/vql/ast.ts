/**
 * The typed AST of a VQL query. Nodes carry no positions: positions live in a side table
 * (see positions.ts), so that two parses of equivalent text are deep-equal.
 *
 * Field names are kept exactly as written; a dot path (`product__vr.name__v`) is one string.
 */

export type Query = {
  select: SelectItem[];
  from: From;
  where?: Condition;
  find?: Find;
  orderBy: OrderItem[];
  maxRows?: number;
  skip?: number;
  /** PAGESIZE, or its older synonym LIMIT. */
  pageSize?: number;
  /** PAGEOFFSET, or its older synonym OFFSET. */
  pageOffset?: number;
};

export type From = { name: string; allVersions: boolean };

export type FieldFunction = 'CASEINSENSITIVE' | 'TONAME';

/** A field, possibly wrapped in CASEINSENSITIVE(...) or TONAME(...). */
export type Operand = { field: string; fn?: FieldFunction };

export type SelectItem =
  | { kind: 'field'; field: string; fn?: FieldFunction | 'LATESTVERSION' }
  | { kind: 'subquery'; query: SubQuery };

/** One level of relationship sub-select: `(SELECT name__v FROM document_product__vr [WHERE ...] [ORDER BY ...])`. */
export type SubQuery = {
  select: Array<Extract<SelectItem, { kind: 'field' }>>;
  from: string;
  where?: Condition;
  orderBy: OrderItem[];
};

export type StateKind = 'steady' | 'obsolete' | 'superseded';

export type Literal =
  | { kind: 'string'; value: string }
  | { kind: 'number'; value: number }
  | { kind: 'boolean'; value: boolean }
  | { kind: 'null' };

/** A right-hand side value: a literal, or STEADYSTATE() / OBSOLETESTATE() / SUPERSEDEDSTATE(). */
export type Value = Literal | { kind: 'state'; state: StateKind };

export type CompareOp = '=' | '!=' | '<' | '>' | '<=' | '>=';

export type Condition =
  | { kind: 'and'; left: Condition; right: Condition }
  | { kind: 'or'; left: Condition; right: Condition }
  | { kind: 'compare'; op: CompareOp; left: Operand; right: Value }
  | { kind: 'in'; left: Operand; values: Literal[] }
  /** `id IN (SELECT id FROM document_product__vr WHERE ...)`: some related row matches the sub-select. */
  | { kind: 'inSubquery'; left: Operand; query: SubQuery }
  | { kind: 'contains'; left: Operand; values: Literal[] }
  | { kind: 'between'; left: Operand; low: Literal; high: Literal }
  | { kind: 'like'; left: Operand; pattern: string };

export type FindScope =
  | { kind: 'properties' }
  | { kind: 'content' }
  | { kind: 'all' }
  | { kind: 'field'; field: string };

export type Find = { terms: string; scope: FindScope };

export type OrderItem = { field: string; desc: boolean };
