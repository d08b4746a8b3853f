// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { hydrateIsland } from '../../islands/lib/hydrate';

afterEach(() => document.body.replaceChildren());

function marker(html: string): HTMLElement {
  document.body.innerHTML = html;
  return document.body.firstElementChild as HTMLElement;
}

describe('hydrateIsland', () => {
  it('marks an island whose module cannot be loaded as failed, leaving its markup as it is', async () => {
    const island = marker('<div data-island="gone" data-src="/assets/no-such-module.js" data-id="gone-1"><div data-island-root=""><a href="/about">About</a></div><script type="application/json">{}</script></div>');
    const before = island.innerHTML;
    await expect(hydrateIsland(island)).rejects.toThrow();
    expect(island.dataset.islandState).toBe('failed');
    expect(island.innerHTML).toBe(before);
  });

  it('marks a malformed marker as failed, naming the island', async () => {
    const island = marker('<div data-island="bare"><div data-island-root=""></div></div>');
    await expect(hydrateIsland(island)).rejects.toThrow('Malformed island marker: bare');
    expect(island.dataset.islandState).toBe('failed');
  });
});
