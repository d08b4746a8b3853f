/**
 * A ChangedMap (base/changed-map.ts) names every key set or deleted since it was copied, whoever changed it, and only
 * for the map it was copied from: the link check of a watch update reads no other key (link-index.ts). Made on write,
 * it is a Map's copy in every way a Map is read: its entries in a Map's order, its size, each key's value, and the map
 * it was copied from (a copy too, or a plain Map) as it was, through copies of copies and new bases.
 */
import fc from 'fast-check';
import v8 from 'node:v8';
import vm from 'node:vm';
import { setImmediate } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { ChangedMap, changedKeysSince } from '../../generator/base/changed-map';

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

  it('reads as a Map copied and changed the same way, through copies of copies', () => {
    const KEYS = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'];
    const op = fc.oneof(
      fc.tuple(
        fc.constant('set' as const),
        fc.constantFrom(...KEYS),
        fc.option(fc.integer({ min: 0, max: 3 }), { nil: undefined }),
      ),
      fc.tuple(fc.constant('delete' as const), fc.constantFrom(...KEYS), fc.constant(0)),
      fc.tuple(fc.constant('clear' as const), fc.constant('a'), fc.constant(0)),
    );
    // Each update copies the last state's map and changes it; some start from more keys than a copy's base holds.
    const updates = fc.array(fc.array(op, { maxLength: 12 }), { minLength: 1, maxLength: 8 });
    const start = fc.uniqueArray(fc.constantFrom(...KEYS), { maxLength: 8 });
    const reads = (map: ReadonlyMap<string, number | undefined>) => ({
      entries: [...map],
      keys: [...map.keys()],
      values: [...map.values()],
      each: (() => {
        const seen: [string, number | undefined][] = [];
        map.forEach((value, key) => seen.push([key, value]));
        return seen;
      })(),
      size: map.size,
      got: KEYS.map((key) => [map.has(key), map.get(key)]),
    });
    fc.assert(
      fc.property(start, updates, (keys, changes) => {
        // Keys no update changes, so that copies share a base (a copy of a copy that changed a few of many keys).
        const others = Array.from({ length: 64 }, (_, i): [string, number] => [`other ${i}`, i]);
        let state: ReadonlyMap<string, number | undefined> = new Map([
          ...keys.map((key, i): [string, number] => [key, i]),
          ...others,
        ]);
        let model = new Map(state);
        for (const ops of changes) {
          const before = reads(state);
          const copy = new ChangedMap(state);
          const next = new Map(model);
          expect(reads(copy)).toEqual(reads(next));
          const touched = new Set<string>();
          let cleared = false;
          for (const [name, key, value] of ops) {
            if (name === 'set') {
              expect(copy.set(key, value)).toBe(copy);
              // A key set to the value it has is not named: its value is that of the map copied, or it was named.
              if (!next.has(key) || next.get(key) !== value) touched.add(key);
              next.set(key, value);
            } else if (name === 'delete') {
              expect(copy.delete(key)).toBe(next.delete(key));
              touched.add(key);
            } else {
              copy.clear();
              next.clear();
              cleared = true;
            }
            expect(reads(copy)).toEqual(reads(next));
          }
          // The map it was copied from is as it was; the copy names what changed of it.
          expect(reads(state)).toEqual(before);
          expect(changedKeysSince(copy, state)).toEqual(cleared ? 'any' : touched);
          state = copy;
          model = next;
        }
      }),
      { numRuns: 2000, seed: 43 },
    );
  });

  it('starts from a new base once it changed many keys of its base, and reads the same', () => {
    let state: ReadonlyMap<number, number> = new Map(Array.from({ length: 64 }, (_, i) => [i, i]));
    const model = new Map(state);
    for (let update = 0; update < 40; update++) {
      const copy = new ChangedMap(state);
      copy.delete(update);
      copy.set(update, -update);
      copy.set(100 + update, update);
      model.delete(update);
      model.set(update, -update);
      model.set(100 + update, update);
      expect([...copy]).toEqual([...model]);
      state = copy;
    }
  });
});
