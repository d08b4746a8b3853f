/**
 * React, as the browser bundles see it: generator/assets/bundle-assets.ts points
 * `react`, `react-dom`, `react-dom/client` and `react/jsx-runtime` here, and
 * this module hands out preact/compat.
 *
 * Why Preact in the browser: a page may load at most 80 kB of JavaScript in
 * total (gzip, scripts/lib/budgets.ts), and react-dom 19's client alone is
 * about 64 kB of that; preact/compat with its hooks is about 10 kB. Pages are
 * still rendered on the server by React 19 (generator/render/island.tsx); Preact
 * only hydrates that markup, and islands and their libraries (radix, sonner)
 * keep importing "react".
 *
 * One React behaviour the islands rely on is added: hydrateRoot's
 * `identifierPrefix`. Preact numbers useId ids per root from "P0-0", so two
 * islands on one page would hand out the same ids (radix tooltips wire
 * aria-describedby with them). The prefix (the island's id) reaches useId
 * through a context, and every id starts with it, as with React. The ids are
 * still not React's: Preact keeps the server's attributes when it hydrates, so
 * an id from useId must not be written into server markup that elements
 * rendered later in the browser refer to (radix uses its ids only while a
 * tooltip is open).
 */
import type { ComponentChild } from 'preact';
import compat, { createContext, createElement, useContext, useId as preactUseId } from 'preact/compat';
import { createRoot, hydrateRoot as preactHydrateRoot } from 'preact/compat/client';

// @ts-expect-error preact/compat's types are `export =`, which TypeScript will not re-export with `export *`; the ES module esbuild bundles can be.
export * from 'preact/compat';
export { jsx, jsxs, Fragment } from 'preact/compat/jsx-runtime';
export { createRoot };

const IdPrefix = createContext('');

/** React's useId: unique on the page, since each island's ids start with its prefix. */
export function useId(): string {
  return useContext(IdPrefix) + preactUseId();
}

/** react-dom/client's hydrateRoot; of its options only identifierPrefix means something to Preact. */
export function hydrateRoot(container: Element, children: ComponentChild, options: { identifierPrefix?: string } = {}) {
  dropResourceHints(container);
  return preactHydrateRoot(container, createElement(IdPrefix.Provider, { value: options.identifierPrefix ?? '' }, children));
}

/**
 * React 19 puts resource hints (`<link rel="preload" as="image">`) before an
 * island's markup; they did their work while the page loaded. Preact would
 * find the markup past them and move it into their place, and moving an
 * element takes the focus out of it: the very focus (or tap) that hydrated
 * the island. (React's `<!-- -->` text separators need nothing: Preact skips
 * comments.)
 */
function dropResourceHints(container: Element): void {
  while (container.firstElementChild?.matches('link') && container.firstChild === container.firstElementChild) container.firstElementChild.remove();
}

// `import React from 'react'` (sonner does) must see the same useId.
export default { ...compat, useId, hydrateRoot, createRoot };
