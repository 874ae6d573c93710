/**
 * The syntax tree of an MDL script (the public form of the real service's metadata definition language).
 *
 * The tree carries no source positions, so that `parse(print(ast))` deep-equals `ast`;
 * `parseWithSpans()` returns the positions beside it.
 *
 * Values are kept as written: a number is its decimal text (so 9223372036854775807 stays exact),
 * and a reference such as 'Doctype.base_document__v' or a staged file name is a plain string.
 * The executor reads them against the component type's metadata (Component, File, Number...),
 * which is the only place that knows what an attribute means.
 */

export type Command = 'CREATE' | 'RECREATE' | 'ALTER' | 'DROP' | 'RENAME';
export const COMMANDS: readonly Command[] = ['CREATE', 'RECREATE', 'ALTER', 'DROP', 'RENAME'];

export type Scalar =
  | { readonly kind: 'string'; readonly value: string }
  | { readonly kind: 'boolean'; readonly value: boolean }
  /** Decimal text as written: `-?[0-9]+(\.[0-9]+)?`. */
  | { readonly kind: 'number'; readonly value: string };

/** `name(v1, v2, ...)`: zero values is `name()`, one is `name(v)`, more is a multi-value list. */
export interface Attribute {
  readonly name: string;
  readonly values: readonly Scalar[];
}

/** `Subtype name ( attr(...), ... )` inside CREATE/RECREATE, or after ADD in ALTER. */
export interface SubcomponentDef {
  readonly subtype: string;
  readonly name: string;
  readonly attributes: readonly Attribute[];
}

/** In ALTER (and in MODIFY of a subcomponent): `attr(v)` sets, `attr ADD (v)` / `attr DROP (v)` change a multi-value list. */
export interface AttributeChange {
  readonly kind: 'attribute';
  readonly op: 'set' | 'add' | 'drop';
  readonly name: string;
  readonly values: readonly Scalar[];
}

export type AlterChange =
  | AttributeChange
  | { readonly kind: 'add'; readonly sub: SubcomponentDef }
  | {
      readonly kind: 'modify';
      readonly subtype: string;
      readonly name: string;
      readonly changes: readonly AttributeChange[];
    }
  | { readonly kind: 'drop'; readonly subtype: string; readonly name: string }
  | { readonly kind: 'rename'; readonly subtype: string; readonly from: string; readonly to: string };

export interface DefineStatement {
  readonly command: 'CREATE' | 'RECREATE';
  readonly componentType: string;
  readonly name: string;
  readonly attributes: readonly Attribute[];
  readonly subcomponents: readonly SubcomponentDef[];
}

export interface AlterStatement {
  readonly command: 'ALTER';
  readonly componentType: string;
  readonly name: string;
  readonly changes: readonly AlterChange[];
}

export interface DropStatement {
  readonly command: 'DROP';
  readonly componentType: string;
  readonly name: string;
}

export interface RenameStatement {
  readonly command: 'RENAME';
  readonly componentType: string;
  readonly name: string;
  readonly newName: string;
}

export type Statement = DefineStatement | AlterStatement | DropStatement | RenameStatement;

/** Where a statement stands in the script text (1-based line and column of its first token). */
export interface StatementSpan {
  readonly line: number;
  readonly column: number;
  /** The statement's source text, from its first token through its `;`. */
  readonly text: string;
}

export interface ParsedStatement {
  readonly statement: Statement;
  readonly span: StatementSpan;
}
