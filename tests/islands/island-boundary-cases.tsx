/**
 * What an island's error boundary must do: the cases island-boundary.test.tsx
 * runs on React 19, as the browser runs the islands. The test file passes its
 * own `act`.
 */
import { useEffect, useState, type ComponentType } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { hydrator } from '../../themes/default/islands/lib/runtime';

/** A list of links; in the browser its props arrive broken (as a bad deploy could ship them). */
export function Links({ items }: { items: { href: string; label: string }[] }) {
  return (
    <nav aria-label="More">
      <ul>
        {items.map((item) => (
          <li key={item.href}>
            <a id={`link-${item.label.toLowerCase()}`} href={item.href}>
              {item.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** A counter that works. */
export function Counter({ start }: { start: number }) {
  const [count, setCount] = useState(start);
  return (
    <button type="button" onClick={() => setCount((n) => n + 1)}>
      {`Clicked ${count}`}
    </button>
  );
}

/** A form that hydrates, then throws when it is sent. */
export function Form({ email }: { email: string }) {
  const [sent, setSent] = useState(false);
  if (sent) throw new Error('send failed');
  return (
    <form action={`mailto:${email}`} method="post">
      <input id="form-name" name="name" />
      <input id="form-agree" type="checkbox" name="agree" />
      <button type="button" onClick={() => setSent(true)}>
        Send
      </button>
    </form>
  );
}

/** Renders, then throws from an effect. */
export function EffectFails({ text }: { text: string }) {
  useEffect(() => {
    throw new Error('effect failed');
  }, []);
  return <p>{text}</p>;
}

/** What React 19 renders on the server for each island (the React test file checks these stay true). */
export const SERVER = {
  links: {
    element: (
      <Links
        items={[
          { href: '/about', label: 'About' },
          { href: '/contact', label: 'Contact' },
        ]}
      />
    ),
    html: '<nav aria-label="More"><ul><li><a id="link-about" href="/about">About</a></li><li><a id="link-contact" href="/contact">Contact</a></li></ul></nav>',
  },
  counter: { element: <Counter start={0} />, html: '<button type="button">Clicked 0</button>' },
  form: {
    element: <Form email="a@b.test" />,
    html: '<form action="mailto:a@b.test" method="post"><input id="form-name" name="name"/><input id="form-agree" type="checkbox" name="agree"/><button type="button">Send</button></form>',
  },
  effect: { element: <EffectFails text="Still here" />, html: '<p>Still here</p>' },
};

/** An island root holding the server's markup, as generator/render/island.tsx writes it. */
function serverRoot(name: string, html: string): HTMLElement {
  const marker = document.createElement('div');
  marker.dataset.island = name;
  marker.innerHTML = `<div data-island-root="">${html}</div>`;
  document.body.append(marker);
  return marker.firstElementChild as HTMLElement;
}

/** The island's data-island-state (themes/default/islands/lib/island-state.ts). */
const state = (root: HTMLElement) => root.parentElement!.dataset.islandState;

/** The markup as a visitor's browser would serialise it (React 19 writes void elements as `<input/>`). */
function normalised(html: string): string {
  const probe = document.createElement('div');
  probe.innerHTML = html;
  return probe.innerHTML;
}

export function boundaryCases(act: (callback: () => void | Promise<void>) => Promise<void>): void {
  let errors: MockInstance<typeof console.error>;
  beforeEach(() => {
    errors = vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => {
    errors.mockRestore();
    document.body.replaceChildren();
  });
  const logged = () =>
    errors.mock.calls.map((args) => args.map((a) => (a instanceof Error ? a.message : String(a))).join(' '));
  /** Hydrates like the loader; props are `unknown` because some cases break them on purpose. */
  const hydrate = <P extends object>(component: ComponentType<P>, name: string, props: unknown, root: HTMLElement) =>
    act(() => void hydrator(component)(root, props as P, `${name}-1`, name));

  describe('an island that fails in the browser', () => {
    it('keeps its server markup when it throws while hydrating, with the focus that started it, and logs the error with its name', async () => {
      const expected = normalised(SERVER.links.html);
      const root = serverRoot('links', SERVER.links.html);
      root.querySelector<HTMLElement>('#link-contact')!.focus();
      await hydrate(Links, 'links', { items: null }, root);
      expect(document.activeElement).toBe(root.querySelector('#link-contact'));
      expect(root.innerHTML).toBe(expected);
      expect(state(root)).toBe('failed');
      expect([...root.querySelectorAll('a')].map((a) => [a.getAttribute('href'), a.textContent])).toEqual([
        ['/about', 'About'],
        ['/contact', 'Contact'],
      ]);
      expect(logged()).toHaveLength(1);
      expect(logged()[0]).toMatch(
        /^Island "links" failed in the browser; the page keeps its server-rendered markup\. .*(items|null)/,
      );
    });

    it('goes back to its server markup when a later render throws, keeping what the visitor typed and where their focus was', async () => {
      const expected = normalised(SERVER.form.html);
      const root = serverRoot('form', SERVER.form.html);
      await hydrate(Form, 'form', { email: 'a@b.test' }, root);
      expect(logged()).toEqual([]);
      expect(state(root)).toBe('live');
      const name = root.querySelector<HTMLInputElement>('#form-name')!;
      name.value = 'Ada';
      root.querySelector<HTMLInputElement>('#form-agree')!.checked = true;
      name.focus();
      await act(() => root.querySelector('button')!.click());
      expect(root.innerHTML).toBe(expected);
      expect(state(root)).toBe('failed');
      expect(root.querySelector('#form-name')).not.toBe(name);
      expect(root.querySelector<HTMLInputElement>('#form-name')!.value).toBe('Ada');
      expect(root.querySelector<HTMLInputElement>('#form-agree')!.checked).toBe(true);
      expect(document.activeElement).toBe(root.querySelector('#form-name'));
      // The form still posts without a script.
      expect(root.querySelector('form')!.getAttribute('action')).toBe('mailto:a@b.test');
      expect(logged()).toHaveLength(1);
      expect(logged()[0]).toMatch(/^Island "form" failed in the browser.* send failed/);
    });

    it('keeps its markup when an effect throws', async () => {
      const root = serverRoot('effect', SERVER.effect.html);
      await hydrate(EffectFails, 'effect', { text: 'Still here' }, root);
      expect(root.innerHTML).toBe(normalised(SERVER.effect.html));
      expect(state(root)).toBe('failed');
      expect(logged()).toHaveLength(1);
      expect(logged()[0]).toMatch(/^Island "effect" failed.* effect failed/);
    });

    it('leaves the other islands on the page working', async () => {
      const counter = serverRoot('counter', SERVER.counter.html);
      const links = serverRoot('links', SERVER.links.html);
      await hydrate(Counter, 'counter', { start: 0 }, counter);
      await hydrate(Links, 'links', { items: null }, links);
      const button = counter.querySelector('button')!;
      await act(() => button.click());
      expect(counter.querySelector('button')).toBe(button);
      expect(button.textContent).toBe('Clicked 1');
      expect([state(counter), state(links)]).toEqual(['live', 'failed']);
      expect(links.querySelectorAll('a')).toHaveLength(2);
      expect(logged()).toHaveLength(1);
    });
  });

  describe('an island that works', () => {
    it('hydrates its server nodes in place, logs nothing, and is marked live', async () => {
      const root = serverRoot('links', SERVER.links.html);
      const first = root.querySelector('a');
      await hydrate(
        Links,
        'links',
        {
          items: [
            { href: '/about', label: 'About' },
            { href: '/contact', label: 'Contact' },
          ],
        },
        root,
      );
      expect(root.querySelector('a')).toBe(first);
      expect(logged()).toEqual([]);
      expect(state(root)).toBe('live');
    });
  });
}
