import type { ComponentType } from 'react';
import { hydrateRoot } from 'react-dom/client';

/** An island module's `hydrate`: hydrate the server markup with the same component and props. */
export function hydrator<P extends object>(Component: ComponentType<P>) {
  return (root: Element, props: P, id: string) => {
    hydrateRoot(root, <Component {...props} />, {
      identifierPrefix: `${id}-`,
      onRecoverableError: (error) => console.error(`Island ${id}:`, error),
    });
  };
}
