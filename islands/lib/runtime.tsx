import type { ComponentType } from 'react';
import { hydrateRoot } from 'react-dom/client';

/**
 * An island module's `hydrate`: hydrate the server markup with the same component and props.
 * In the browser bundle react-dom/client is preact/compat (generator/assets/client/react.ts), which honours
 * identifierPrefix, so useId ids match no other island's.
 */
export function hydrator<P extends object>(Component: ComponentType<P>) {
  return (root: Element, props: P, id: string) => {
    hydrateRoot(root, <Component {...props} />, { identifierPrefix: `${id}-` });
  };
}
