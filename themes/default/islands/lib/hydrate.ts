/**
 * Hydrates one island marker (see generator/render/island.tsx): reads its JSON props,
 * imports its module (and links its stylesheet, if it names one) and calls the
 * module's `hydrate`. Shared by the loader and by code that needs an island on
 * demand (the toaster).
 */
import { markIsland } from './island-state';

export interface IslandModule {
  /** `id` is this island's on the page (its useId prefix), `name` its module's (for the log when it fails). */
  hydrate(root: Element, props: unknown, id: string, name: string): void | Promise<void>;
}

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve));

interface Memory {
  /** Each island's start, begun once. */
  started: WeakMap<Element, Promise<void>>;
  /** Each island stylesheet's load, by URL, linked once. */
  linked: Map<string, Promise<void>>;
}
const MEMORY = Symbol.for('site:islands');

/**
 * What this module remembers lives on the document, under a key every copy of the module shares. The loader is
 * bundled whole (the one script a page loads up front), so a page can run this module twice: in the loader, and in
 * the chunk of an island that starts another on demand (the form, the toaster). Both copies must agree on which
 * islands have started, or one island could be hydrated twice.
 */
function memory(): Memory {
  const holder = document as Document & { [MEMORY]?: Memory };
  return (holder[MEMORY] ??= { started: new WeakMap(), linked: new Map() });
}

/**
 * Links a stylesheet into the head, once per page, and resolves when it has loaded: what the island shows then is
 * styled from its first frame. A stylesheet that fails to load is logged, and the island starts without it.
 */
export function linkStylesheet(href: string): Promise<void> {
  const { linked } = memory();
  let done = linked.get(href);
  if (!done) {
    done = new Promise<void>((resolve) => {
      const link = document.createElement('link');
      link.rel = 'stylesheet';
      link.href = href;
      link.addEventListener('load', () => resolve(), { once: true });
      link.addEventListener(
        'error',
        () => {
          console.error(`The stylesheet ${href} did not load; the island starts without it.`);
          resolve();
        },
        { once: true },
      );
      document.head.append(link);
    });
    linked.set(href, done);
  }
  return done;
}

export function hydrateIsland(marker: HTMLElement): Promise<void> {
  const { started } = memory();
  let done = started.get(marker);
  if (!done) {
    done = (async () => {
      const root = marker.querySelector(':scope > [data-island-root]');
      const data = marker.querySelector(':scope > script[type="application/json"]');
      const src = marker.dataset.src;
      if (!root || !data || !src) throw new Error(`Malformed island marker: ${marker.dataset.island ?? '?'}`);
      const styles = marker.dataset.styles;
      const [module] = (await Promise.all([import(src), styles ? linkStylesheet(styles) : undefined])) as [IslandModule, unknown];
      // Evaluating the modules and hydrating are two tasks, not one long one that holds up input.
      await nextTask();
      await module.hydrate(root, JSON.parse(data.textContent ?? 'null'), marker.dataset.id ?? '', marker.dataset.island ?? '');
    })().catch((error: unknown) => {
      // It never started (a module that did not load, props that did not parse): its server markup is untouched.
      markIsland(marker, 'failed');
      throw error;
    });
    started.set(marker, done);
  }
  return done;
}

/** Hydrates the first island with this name on the page, if there is one. */
export function ensureIsland(name: string): Promise<void> {
  const marker = document.querySelector<HTMLElement>(`[data-island="${name}"]`);
  return marker ? hydrateIsland(marker) : Promise.resolve();
}
