/**
 * An AST node's 0-based offset in the query text, under a non-enumerable symbol of the node: out of
 * its data, so that `parse(print(ast))` deep-equals `ast` (equality, JSON and copies see no
 * position). Not a WeakMap: V8 keeps a WeakMap's entries through every young-generation collection
 * until a full one, so the table grew with the nodes of every query parsed since (~2.4% of a varied
 * query's CPU on the 100k world). Nodes built by hand have no position (0).
 */
const POSITION = Symbol('vql position');

type Positioned = { [POSITION]?: number };

export function setPosition<T extends object>(node: T, position: number): T {
  Object.defineProperty(node, POSITION, { value: position, enumerable: false, writable: true, configurable: true });
  return node;
}

export function positionOf(node: object | undefined): number {
  return (node && (node as Positioned)[POSITION]) ?? 0;
}
