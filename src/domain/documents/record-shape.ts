/**
 * Records with fast properties. A record has ~50 fields; built key by key on an empty object, V8
 * turns it into a dictionary (a hash table) after a dozen keys added under computed names, which
 * made each record ~2.5x slower to build, ~30% slower to write as JSON and bigger (measured on
 * the 100,000-document world, where list pages make their records afresh). A record's keys come
 * in an order that depends only on its version's stored field names (in their order), the length
 * of its Doctype chain (up to 3) and whether it has a file (records.ts), and worlds have few such
 * shapes (8 in a generated world of 200,000 versions). So the first records of a shape are built
 * key by key, and the keys of the second one seen (within SIGHTINGS_WINDOW shapes) make the shape's
 * blank: an object literal with every key (undefined), compiled once, which later records of the
 * shape fill in place (a store to a key the object has keeps its fast properties).
 *
 * Keys go into the compiled source as JSON string literals (any text is safe there). A shape with
 * a `__proto__` field (a literal would set the prototype instead), or with LITERAL_KEYS_MAX keys or
 * more (V8 makes such a literal a dictionary anyway), is built key by key, as is everything when
 * code generation is not allowed. Shapes are few, but a client decides the order of the fields it
 * stores: when SHAPES_MAX shapes are known, they are all forgotten and learnt again as they come,
 * and a shape seen only once in a while is never compiled.
 */
import { Doorkeeper } from '../cache/doorkeeper';

/** (chosen) Shapes known at most (then forgotten all at once, and learnt again as records of them are made). */
export const SHAPES_MAX = 256;
/** V8's limit for an object literal with fast properties (its map cache's size). */
const LITERAL_KEYS_MAX = 128;

type Blank = () => Record<string, unknown>;
/** By shape key: its blank, or null (built key by key). */
const blanks = new Map<string, Blank | null>();

/** (chosen) Field-name lists whose shape keys are remembered (most recent first). */
const RECENT_NAME_LISTS = 8;
/** Recent field-name lists, each with its shape keys by chain length (≤ 3) × file. */
const recent: { names: readonly string[]; keys: (string | undefined)[] }[] = [];

function sameNames(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * The key of a record's shape: its version's stored field names in order, its chain length (≤ 3)
 * and whether it has a file. The same string object for a recent name list (compared name by name,
 * not written out as JSON again), so that the map of blanks finds it by its kept hash.
 */
export function shapeKey(fields: Record<string, unknown>, chainLength: number, hasFile: boolean): string {
  const names = Object.keys(fields);
  const at = recent.findIndex((e) => sameNames(e.names, names));
  const entry = at >= 0 ? recent[at] : { names, keys: [] };
  if (at !== 0) {
    // the most recent first: a list in use stays, one not seen for RECENT_NAME_LISTS others goes
    if (at > 0) recent.splice(at, 1);
    recent.unshift(entry);
    if (recent.length > RECENT_NAME_LISTS) recent.pop();
  }
  const chain = Math.min(3, chainLength);
  return (entry.keys[chain * 2 + (hasFile ? 1 : 0)] ??= `${chain}${hasFile ? 'f' : 'n'}${JSON.stringify(names)}`);
}

/**
 * The blank of a shape (a new object with every key of its records, in order); null when its
 * records are built key by key; undefined when the shape is not known yet (learn it).
 */
export function blankOf(shape: string): Record<string, unknown> | null | undefined {
  const blank = blanks.get(shape);
  return blank ? blank() : blank;
}

/**
 * (chosen) Shapes a blank is compiled for only when seen again within about this many shapes learnt
 * (the cache door's second-use rule, domain/cache/doorkeeper.ts): a client cycling through more
 * shapes than SHAPES_MAX gets records built key by key, not a compile for every record.
 */
const SIGHTINGS_WINDOW = SHAPES_MAX / 4;
let sighted = new Doorkeeper<string>(SIGHTINGS_WINDOW);

/** Learns a shape from the keys of a record built key by key, from its second sighting on. */
export function learnShape(shape: string, keys: readonly string[]): void {
  if (!sighted.admits(shape)) return;
  if (blanks.size >= SHAPES_MAX) blanks.clear();
  blanks.set(shape, keys.includes('__proto__') || keys.length >= LITERAL_KEYS_MAX ? null : compiled(keys));
}

function compiled(keys: readonly string[]): Blank | null {
  try {
    return new Function(`return {${keys.map((k) => `${JSON.stringify(k)}: undefined`).join(', ')}};`) as Blank;
  } catch {
    return null; // code generation from strings not allowed (--disallow-code-generation-from-strings)
  }
}

/** How many shapes are known (tests). */
export const shapesKnown = (): number => blanks.size;

/** Forgets every shape (tests: each starts with none known). */
export const forgetShapes = (): void => {
  blanks.clear();
  sighted = new Doorkeeper<string>(SIGHTINGS_WINDOW);
  recent.length = 0;
};
