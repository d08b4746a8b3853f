import { renderToStaticMarkup, renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SiteError } from '../../generator/base/errors';
import { createIslandRegistry, Island, IslandContext, unserializable } from '../../generator/render/island';

function Counter({ start }: { start: number }) {
  return <p>Count {start}</p>;
}

const render = (props: object, urls = { counter: '/assets/counter-H.js' }, styles?: Record<string, string>) => {
  const registry = createIslandRegistry('pages/x.md', { scripts: urls, styles }, renderToString);
  const html = renderToStaticMarkup(
    <IslandContext.Provider value={registry}>
      <Island name="counter" component={Counter} props={props as { start: number }} trigger="visible" />
    </IslandContext.Provider>,
  );
  return { html, registry };
};

describe('Island', () => {
  it('renders a hydratable subtree inside a marker naming the island, its module, trigger and id, with JSON props', () => {
    const { html, registry } = render({ start: 3 });
    expect(html).toContain('data-island="counter"');
    expect(html).toContain('data-src="/assets/counter-H.js"');
    expect(html).toContain('data-trigger="visible"');
    expect(html).toContain('data-id="counter-1"');
    // renderToString output: the text separator comment React hydrates against.
    expect(html).toContain('<div data-island-root=""><p>Count <!-- -->3</p></div>');
    expect(html).toContain('<script type="application/json">{"start":3}</script>');
    expect([...registry.used]).toEqual(['counter']);
    // It imports no stylesheet, so it names none.
    expect(html).not.toContain('data-styles');
  });

  it('names the stylesheet its modules import, for the browser to link when it starts', () => {
    const { html } = render({ start: 3 }, undefined, { counter: '/assets/counter-S.css' });
    expect(html).toContain('data-src="/assets/counter-H.js" data-styles="/assets/counter-S.css"');
  });

  it('escapes props so they cannot close the script element', () => {
    expect(render({ start: 1, text: '</script><script>alert(1)</script>' }).html).not.toContain('</script><script>');
  });

  it.each([
    [{ start: 1, onClick: () => {} }, 'props.onClick is a function'],
    [{ start: new Date(0) }, 'props.start is a Date'],
    [{ start: Number.NaN }, 'props.start is NaN'],
    [{ start: 1, list: [1, undefined] }, 'props.list[1] is undefined'],
    [{ start: 1, deep: { map: new Map() } }, 'props.deep.map is a Map'],
  ])('refuses props that are not JSON (%#), naming the page and island', (props, problem) => {
    try {
      render(props);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(SiteError);
      expect(error).toMatchObject({ kind: 'IslandPropsNotSerializable', file: 'pages/x.md', field: 'counter' });
      expect((error as Error).message).toContain(problem);
    }
  });

  it('fails clearly when the island has no module', () => {
    expect(() => render({ start: 1 }, {} as never)).toThrow(/islands\/counter\.tsx/);
  });

  it('accepts plain JSON data', () => {
    expect(unserializable({ a: [1, 'x', true, null, { b: Object.create(null) }] })).toBeUndefined();
  });
});
