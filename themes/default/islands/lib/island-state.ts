/**
 * Where an island stands, written on its marker (generator/render/island.tsx):
 * `data-island-state="live"` once it is hydrated and its first effects have
 * run, `"failed"` once it failed and its server markup is back in place (or
 * its module never loaded). Without the attribute it has not started yet.
 * Tests wait on it rather than on time; a stylesheet may style by it.
 */
export type IslandState = 'live' | 'failed';

export function markIsland(inside: Element, state: IslandState): void {
  inside.closest('[data-island]')?.setAttribute('data-island-state', state);
}
