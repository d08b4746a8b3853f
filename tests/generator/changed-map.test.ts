/**
 * A ChangedMap (core/changed-map.ts) names every key set or deleted since it was copied, whoever changed it, and only
 * for the map it was copied from: the link check of a watch update reads no other key (link-index.ts).
 */
import v8 from 'node:v8';
import vm from 'node:vm';
import { setImmediate } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { ChangedMap, changedKeysSince } from '../../generator/core/changed-map';

describe('ChangedMap', () => {
  const since = new Map([
    ['a', 1],
    ['b', 2],
    ['c', 3],
  ]);

  it('is a copy of the map it is made from, with no key changed', () => {
    const map = new ChangedMap(since);
    expect([...map]).toEqual([...since]);
    expect(changedKeysSince(map, since)).toEqual(new Set());
  });

  it('names the keys set, added and deleted, and leaves the map it was made from as it was', () => {
    const map = new ChangedMap(since);
    map.set('a', 10);
    map.set('d', 4);
    map.delete('b');
    expect(changedKeysSince(map, since)).toEqual(new Set(['a', 'd', 'b']));
    expect([...since]).toEqual([
      ['a', 1],
      ['b', 2],
      ['c', 3],
    ]);
    // Every key it does not name has the value of the map it was made from.
    for (const [key, value] of map)
      if (!(changedKeysSince(map, since) as Set<string>).has(key)) expect(since.get(key)).toBe(value);
  });

  it('names any key once cleared, and none for another map than its own', () => {
    const map = new ChangedMap(since);
    expect(changedKeysSince(map, new Map(since))).toBe('any');
    expect(changedKeysSince(new Map(since), since)).toBe('any');
    map.clear();
    expect(changedKeysSince(map, since)).toBe('any');
  });

  it('does not keep the map it was copied from: a watch session keeps its last state, not every one before it', async () => {
    v8.setFlagsFromString('--expose-gc');
    const gc = vm.runInNewContext('gc') as () => void;
    const copies = () => {
      let state: ReadonlyMap<string, number> = new Map([['a', 1]]);
      const first = new WeakRef(state);
      for (let update = 0; update < 3; update++) state = new ChangedMap(state);
      return { state, first };
    };
    const { state, first } = copies();
    // A weak reference holds its map until the task that made it ends.
    await setImmediate();
    gc();
    expect(first.deref()).toBeUndefined();
    expect([...state]).toEqual([['a', 1]]);
  });
});
