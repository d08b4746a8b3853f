import { describe, expect, it } from 'vitest';
import { readsAny, recordRoutes } from '../../generator/render/route-reads';

describe('what a rendering reads of the routes', () => {
  const routes = new Set(['/', '/about', '/blog']);

  it('records each route asked about, and answers as the set does', () => {
    const { routes: view, reads } = recordRoutes(routes);
    expect(view.has('/')).toBe(true);
    expect(view.has('/missing')).toBe(false);
    expect([...reads.asked]).toEqual(['/', '/missing']);
    expect(reads.all).toBe(false);
    expect(readsAny([reads], new Set(['/missing']))).toBe(true);
    expect(readsAny([reads], new Set(['/about']))).toBe(false);
  });

  it.each([
    ['size', (view: ReadonlySet<string>) => view.size],
    ['iteration', (view: ReadonlySet<string>) => [...view]],
    ['forEach', (view: ReadonlySet<string>) => view.forEach(() => undefined)],
    ['keys', (view: ReadonlySet<string>) => [...view.keys()]],
    ['values', (view: ReadonlySet<string>) => [...view.values()]],
    ['entries', (view: ReadonlySet<string>) => [...view.entries()]],
  ])('reading the routes by %s reads them all', (_, read) => {
    const { routes: view, reads } = recordRoutes(routes);
    read(view);
    expect(reads.all).toBe(true);
    expect(readsAny([reads], new Set(['/anything']))).toBe(true);
  });

  it('gives what the set holds when read whole', () => {
    const { routes: view } = recordRoutes(routes);
    expect([...view]).toEqual([...routes]);
    expect(view.size).toBe(3);
    const seen: string[] = [];
    view.forEach((value, again, set) => seen.push(value, again, String(set === view)));
    expect(seen.slice(0, 3)).toEqual(['/', '/', 'true']);
  });
});
