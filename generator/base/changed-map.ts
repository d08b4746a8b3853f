/**
 * A copy of a map of the state that records the keys set or deleted since it was copied: a watch update copies the
 * state's pages and links and changes a few, and what follows (the link check) asks which, rather than comparing
 * every key with the state before it. Every change to a map is a set, a delete or a clear, so none goes unrecorded.
 *
 * The copy is made on write, not on copying: it reads through to a map of its own that nothing changes (`base`, made
 * once from the first map copied) and keeps the keys changed since in a few small maps (`Layers`). A copy of a copy
 * shares its base and copies only those, so an update that changes a few pages of many does not copy every page;
 * once they hold many keys, a copy starts from a new base of its own. It iterates in a Map's order: a key set again
 * keeps its place, a key that was not there (or was deleted) comes after the others.
 */

/** What a copy changed of its base: the base's keys set again in place, deleted, and the keys after the base's. */
interface Layers<K, V> {
  readonly base: ReadonlyMap<K, V>;
  /** Keys of the base, not deleted, set to another value (in their place). */
  readonly replaced: Map<K, V>;
  /** Keys of the base deleted (and, when set again, in `appended`). */
  readonly removed: Set<K>;
  /** Keys not in the base, or deleted from it and set again, in the order set: after the base's. */
  readonly appended: Map<K, V>;
}

/** A copy starts from a new base when what it changed of its base is more than this share of the base. */
const NEW_BASE_SHARE = 8;

export class ChangedMap<K, V> implements Map<K, V> {
  private layers: Layers<K, V>;
  /** The keys set or deleted since the copy. */
  private readonly touched = new Set<K>();
  private cleared = false;
  /**
   * The map it was copied from, held weakly: each update's copy would otherwise hold the state before it, and that
   * state's the one before, every page of a watch session kept (a copy holds its base and its own changes only).
   */
  private readonly source: WeakRef<ReadonlyMap<K, V>>;

  constructor(since: ReadonlyMap<K, V>) {
    this.source = new WeakRef(since);
    const from = since instanceof ChangedMap ? (since as ChangedMap<K, V>).layers : undefined;
    this.layers =
      from && (from.replaced.size + from.removed.size + from.appended.size) * NEW_BASE_SHARE <= from.base.size
        ? {
            base: from.base,
            replaced: new Map(from.replaced),
            removed: new Set(from.removed),
            appended: new Map(from.appended),
          }
        : { base: new Map(since), replaced: new Map(), removed: new Set(), appended: new Map() };
  }

  /** Whether it is a copy of `map`. */
  copies(map: ReadonlyMap<K, unknown>): boolean {
    return this.source.deref() === map;
  }

  /**
   * The keys whose value may differ from `since`'s (a key set to another value and back is among them, a key set to
   * the value it had is not); any, once cleared.
   */
  changedKeys(): ReadonlySet<K> | 'any' {
    return this.cleared ? 'any' : this.touched;
  }

  get size(): number {
    const { base, removed, appended } = this.layers;
    return base.size - removed.size + appended.size;
  }

  get(key: K): V | undefined {
    const { base, replaced, removed, appended } = this.layers;
    if (appended.size > 0 && appended.has(key)) return appended.get(key);
    if (removed.size > 0 && removed.has(key)) return undefined;
    if (replaced.size > 0 && replaced.has(key)) return replaced.get(key);
    return base.get(key);
  }

  has(key: K): boolean {
    const { base, removed, appended } = this.layers;
    if (appended.size > 0 && appended.has(key)) return true;
    return base.has(key) && !(removed.size > 0 && removed.has(key));
  }

  set(key: K, value: V): this {
    // A key set to the value it has changes nothing of the map, nor what differs from the map copied: neither written
    // nor recorded (a plan sets each page it visits, most to the last plan's).
    if (Object.is(this.get(key), value) && this.has(key)) return this;
    this.touched.add(key);
    const { base, removed, appended } = this.layers;
    if (appended.has(key) || !base.has(key) || removed.has(key)) appended.set(key, value);
    else this.layers.replaced.set(key, value);
    return this;
  }

  delete(key: K): boolean {
    this.touched.add(key);
    const { base, replaced, removed, appended } = this.layers;
    if (appended.delete(key)) return true;
    if (!base.has(key) || removed.has(key)) return false;
    removed.add(key);
    replaced.delete(key);
    return true;
  }

  clear(): void {
    this.cleared = true;
    this.layers = { base: new Map(), replaced: new Map(), removed: new Set(), appended: new Map() };
  }

  *entries(): MapIterator<[K, V]> {
    const { base, replaced, removed, appended } = this.layers;
    if (replaced.size === 0 && removed.size === 0) yield* base;
    else
      for (const entry of base) {
        const key = entry[0];
        if (removed.has(key)) continue;
        yield replaced.has(key) ? [key, replaced.get(key)!] : entry;
      }
    yield* appended;
  }

  *keys(): MapIterator<K> {
    const { base, removed, appended } = this.layers;
    if (removed.size === 0) yield* base.keys();
    else for (const key of base.keys()) if (!removed.has(key)) yield key;
    yield* appended.keys();
  }

  *values(): MapIterator<V> {
    const { base, replaced, removed, appended } = this.layers;
    if (replaced.size === 0 && removed.size === 0) yield* base.values();
    else
      for (const [key, value] of base) {
        if (removed.has(key)) continue;
        yield replaced.has(key) ? replaced.get(key)! : value;
      }
    yield* appended.values();
  }

  [Symbol.iterator](): MapIterator<[K, V]> {
    return this.entries();
  }

  forEach(callback: (value: V, key: K, map: Map<K, V>) => void, thisArg?: unknown): void {
    for (const [key, value] of this.entries()) callback.call(thisArg, value, key, this);
  }

  get [Symbol.toStringTag](): string {
    return 'Map';
  }
}

/** The keys of `map` whose value may differ from `since`'s, when `map` records them for that map; else 'any'. */
export function changedKeysSince<K>(
  map: ReadonlyMap<K, unknown>,
  since: ReadonlyMap<K, unknown>,
): ReadonlySet<K> | 'any' {
  return map instanceof ChangedMap && map.copies(since) ? (map.changedKeys() as ReadonlySet<K> | 'any') : 'any';
}
