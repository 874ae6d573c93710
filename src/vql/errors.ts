/** The kinds of failure a query can have. The HTTP layer maps every kind to INCORRECT_QUERY_SYNTAX_ERROR. */
export type VqlErrorKind = 'syntax' | 'unknown_target' | 'unknown_field' | 'not_queryable' | 'invalid_value';

/** The only exception type that parse(), and evaluate() for user-caused problems, ever throw. */
export class VqlError extends Error {
  readonly kind: VqlErrorKind;
  /** 0-based character offset into the query text. */
  readonly position: number;

  constructor(kind: VqlErrorKind, message: string, position: number) {
    super(message);
    this.name = 'VqlError';
    this.kind = kind;
    this.position = position;
  }
}

export function isVqlError(e: unknown): e is VqlError {
  return e instanceof VqlError;
}
