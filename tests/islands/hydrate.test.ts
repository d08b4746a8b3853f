// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { hydrateIsland } from '../../themes/default/islands/lib/hydrate';

afterEach(() => document.body.replaceChildren());

function marker(html: string): HTMLElement {
  document.body.innerHTML = html;
  return document.body.firstElementChild as HTMLElement;
}

describe('hydrateIsland', () => {
  it('marks an island whose module cannot be loaded as failed, leaving its markup as it is', async () => {
    const island = marker(
      '<div data-island="gone" data-src="/assets/no-such-module.js" data-id="gone-1"><div data-island-root=""><a href="/about">About</a></div><script type="application/json">{}</script></div>',
    );
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

describe('an island with a stylesheet', () => {
  /** An island module whose hydrate() shows that it ran. */
  const module = `data:text/javascript,${encodeURIComponent('export function hydrate(root) { root.textContent = "started"; }')}`;
  afterEach(() => document.head.querySelectorAll('link').forEach((link) => link.remove()));

  it('is linked once into the head, and hydration waits until it has loaded', async () => {
    document.body.innerHTML = ['one', 'two']
      .map(
        (id) =>
          `<div data-island="styled" data-src="${module}" data-styles="/assets/styled-S.css" data-id="${id}"><div data-island-root="">server</div><script type="application/json">{}</script></div>`,
      )
      .join('');
    const [first, second] = [...document.querySelectorAll<HTMLElement>('[data-island]')];
    const done = Promise.all([hydrateIsland(first!), hydrateIsland(second!)]);
    const links = document.head.querySelectorAll('link[rel="stylesheet"]');
    expect([...links].map((link) => link.getAttribute('href'))).toEqual(['/assets/styled-S.css']);
    // Not before the stylesheet is in: once the module has loaded (the same instance, imported here too), only the stylesheet is awaited.
    await import(/* @vite-ignore */ module);
    await new Promise((resolve) => setTimeout(resolve));
    expect(first!.textContent).toContain('server');
    links[0]!.dispatchEvent(new Event('load'));
    await done;
    expect(first!.querySelector('[data-island-root]')!.textContent).toBe('started');
    expect(second!.querySelector('[data-island-root]')!.textContent).toBe('started');
  });

  it('that fails to load is logged, and the island starts without it', async () => {
    const island = marker(
      `<div data-island="bare-style" data-src="${module}" data-styles="/assets/missing-S.css" data-id="b"><div data-island-root="">server</div><script type="application/json">{}</script></div>`,
    );
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => void errors.push(args.join(' '));
    try {
      const done = hydrateIsland(island);
      document.head.querySelector('link[href="/assets/missing-S.css"]')!.dispatchEvent(new Event('error'));
      await done;
    } finally {
      console.error = original;
    }
    expect(island.querySelector('[data-island-root]')!.textContent).toBe('started');
    expect(errors).toEqual([expect.stringContaining('/assets/missing-S.css did not load')]);
  });
});

describe('two copies of this module on one page', () => {
  // The loader is bundled whole, so the loader and an island's chunk can each hold a copy (bundle-assets.ts).
  it("start an island once: the loader's copy and an island's copy share what has started", async () => {
    const counting = `data:text/javascript,${encodeURIComponent('export function hydrate(root) { root.textContent = String(Number(root.textContent || 0) + 1); }')}`;
    const island = marker(
      `<div data-island="counted" data-src="${counting}" data-id="c"><div data-island-root=""></div><script type="application/json">{}</script></div>`,
    );
    vi.resetModules();
    const copy = await import('../../themes/default/islands/lib/hydrate');
    expect(copy.hydrateIsland, 'a second instance of the module').not.toBe(hydrateIsland);
    await Promise.all([hydrateIsland(island), copy.hydrateIsland(island), copy.ensureIsland('counted')]);
    expect(island.querySelector('[data-island-root]')!.textContent).toBe('1');
  });
});
