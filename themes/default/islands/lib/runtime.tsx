import type { ComponentType } from 'react';
import { startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { IslandBoundary, ServerMarkup } from './island-boundary';

/**
 * An island module's `hydrate`: hydrate the server markup with the same component and props,
 * inside a boundary that puts the server markup back if the island fails (./island-boundary.tsx).
 * React 19 in the browser as on the server: identifierPrefix (the island's id) keeps useId ids apart from
 * every other island's, and matches the prefix the server rendered the island with.
 */
export function hydrator<P extends object>(Component: ComponentType<P>) {
  return (root: Element, props: P, id: string, name = id) => {
    const markup = new ServerMarkup(root);
    // In a transition, hydration is time-sliced: React yields to the browser every few milliseconds, so hydrating an
    // island is many short tasks rather than one long one that holds up input (and a phone's Total Blocking Time).
    startTransition(() => {
      hydrateRoot(
        root,
        <IslandBoundary name={name} markup={markup}>
          <Component {...props} />
        </IslandBoundary>,
        {
          identifierPrefix: `${id}-`,
          // The boundary logged it, with the island's name.
          onCaughtError: (error, info) => {
            if (!(info.errorBoundary instanceof IslandBoundary)) console.error(`Island "${name}":`, error);
          },
          // React recovered by rendering the island again in the browser; when the island then failed, the boundary said so.
          onRecoverableError: (error) => {
            if (!markup.failed) console.error(`Island "${name}" could not hydrate its server markup and was rendered again in the browser.`, error);
          },
        },
      );
    });
  };
}
