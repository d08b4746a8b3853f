/**
 * A copy of a map of the state that records the keys set or deleted since it was copied: a watch update copies the
 * state's pages and links and changes a few, and what follows (the link check) asks which, rather than comparing
 * every key with the state before it. Every change to a Map is a set, a delete or a clear, so none goes unrecorded.
 */
export class ChangedMap<K, V> extends Map<K, V> {
  /** The keys set or deleted since the copy (`undefined` until it is made: Map's constructor sets each entry). */
  private touched?: Set<K>;
  private cleared = false;
  /**
   * The map it was copied from, held weakly: each update's copy would otherwise hold the state before it, and that
   * state's the one before, every page of a watch session kept.
   */
  private readonly source: WeakRef<ReadonlyMap<K, V>>;

  constructor(since: ReadonlyMap<K, V>) {
    super(since);
    this.touched = new Set();
    this.source = new WeakRef(since);
  }

  /** Whether it is a copy of `map`. */
  copies(map: ReadonlyMap<K, unknown>): boolean {
    return this.source.deref() === map;
  }

  override set(key: K, value: V): this {
    this.touched?.add(key);
    return super.set(key, value);
  }

  override delete(key: K): boolean {
    this.touched?.add(key);
    return super.delete(key);
  }

  override clear(): void {
    this.cleared = true;
    super.clear();
  }

  /** The keys whose value may differ from `since`'s (a key set to the same value is among them); any, once cleared. */
  changedKeys(): ReadonlySet<K> | 'any' {
    return this.cleared ? 'any' : (this.touched ?? new Set());
  }
}

/** The keys of `map` whose value may differ from `since`'s, when `map` records them for that map; else 'any'. */
export function changedKeysSince<K>(
  map: ReadonlyMap<K, unknown>,
  since: ReadonlyMap<K, unknown>,
): ReadonlySet<K> | 'any' {
  return map instanceof ChangedMap && map.copies(since) ? (map.changedKeys() as ReadonlySet<K> | 'any') : 'any';
}
