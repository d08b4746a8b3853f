// @vitest-environment jsdom
/**
 * The browser's React (generator/assets/client/react.ts): preact/compat hydrating
 * markup that React 19 rendered on the server, as islands do.
 */
import * as React from 'react';
import { renderToString } from 'react-dom/server';
import * as compat from 'preact/compat';
import { afterEach, describe, expect, it } from 'vitest';
import { hydrateRoot, useId } from '../../generator/assets/client/react';

/** The same component for React (server) and Preact (browser): an image, a counter, and an id shown once clicked (as radix shows a tooltip's). */
function counter(h: typeof React.createElement, hooks: { useId(): string; useState: typeof React.useState }) {
  return function Counter() {
    const id = hooks.useId();
    const [count, setCount] = hooks.useState(3);
    return h(
      'div',
      { className: 'counter' },
      h('img', { src: '/a.png', alt: '' }),
      h('button', { type: 'button', onClick: () => setCount((n) => n + 1) }, 'Count ', count),
      count > 3 && h('output', { id }, id),
    );
  };
}
const ServerCounter = counter(React.createElement, React);
const BrowserCounter = counter(compat.createElement as unknown as typeof React.createElement, { useId, useState: compat.useState as unknown as typeof React.useState });

/** An island root holding what the server rendered, with this prefix. */
function serverRendered(prefix: string): HTMLElement {
  const root = document.createElement('div');
  root.innerHTML = renderToString(React.createElement(ServerCounter), { identifierPrefix: prefix });
  document.body.append(root);
  return root;
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
afterEach(() => document.body.replaceChildren());

describe('the browser React (preact/compat)', () => {
  it('hydrates React 19 markup in place: hint dropped, nodes and focus kept, text separators handled', async () => {
    const root = serverRendered('counter-1-');
    // What React 19 writes: an image preload hint first, and a comment between adjacent texts.
    expect(root.firstElementChild?.outerHTML).toBe('<link rel="preload" as="image" href="/a.png">');
    expect(root.innerHTML).toContain('Count <!-- -->3');
    const button = root.querySelector('button')!;
    button.focus();

    hydrateRoot(root, compat.createElement(BrowserCounter, null), { identifierPrefix: 'counter-1-' });
    expect(root.querySelector('link')).toBeNull();
    expect(root.querySelector('button')).toBe(button);
    expect(document.activeElement).toBe(button);

    button.click();
    await flush();
    expect(button.textContent).toBe('Count 4');
  });

  it('starts every useId id with the root’s identifierPrefix, so islands never share an id', async () => {
    const ids = ['carousel-1-', 'social-links-2-'].map((prefix) => {
      const root = serverRendered(prefix);
      hydrateRoot(root, compat.createElement(BrowserCounter, null), { identifierPrefix: prefix });
      return root;
    });
    for (const root of ids) root.querySelector('button')!.click();
    await flush();
    const [a, b] = ids.map((root) => root.querySelector('output')!.id);
    expect(a).toMatch(/^carousel-1-/);
    expect(b).toMatch(/^social-links-2-/);
    expect(a).not.toBe(b);
  });
});
