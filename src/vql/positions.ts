/**
 * Side table from AST node to its 0-based offset in the query text. Keeping positions out of the
 * nodes lets `parse(print(ast))` deep-equal `ast`. Nodes built by hand have no position (0).
 */
const table = new WeakMap<object, number>();

export function setPosition<T extends object>(node: T, position: number): T {
  table.set(node, position);
  return node;
}

export function positionOf(node: object | undefined): number {
  return (node && table.get(node)) ?? 0;
}
