/**
 * The island protocol. On the server an island is rendered with renderToString
 * (hydratable) inside a marker element naming it, its module, its hydration
 * trigger and a per-island id, with its props as JSON data beside it:
 *
 *   <div class="island" data-island="carousel" data-src="/assets/carousel-H.js" data-trigger="visible" data-id="carousel-1">
 *     <div data-island-root>…server-rendered markup…</div>
 *     <script type="application/json">{…props…}</script>
 *   </div>
 *
 * An island whose modules import a stylesheet names it too (data-styles): the
 * browser links it when the island starts.
 *
 * islands/loader.ts finds the markers and imports a module only when its
 * trigger fires. JSON is data, not code, so a strict CSP allows it.
 */
import { createContext, useContext, type ComponentType, type ReactElement } from 'react';
import { SiteError } from '../base/errors';
import { ownValue } from '../base/own';
import { scriptSafeJson } from './json-ld';

/** When the browser hydrates: at once, when idle, when scrolled into view, on first pointer/focus/touch, or when code asks. */
export type HydrateTrigger = 'load' | 'idle' | 'visible' | 'interaction' | 'manual';

export interface IslandRegistry {
  /** Source file of the page being rendered, for errors. */
  file: string;
  /** Public URL of an island's module. */
  urlOf(name: string): string | undefined;
  /** Public URL of the stylesheet an island's modules import, if they import one. */
  stylesOf(name: string): string | undefined;
  /** Islands the page used, in order of first use. */
  used: Set<string>;
  count: number;
  /** Put before each island's number in its id. */
  idPrefix: string;
  /** The renderer's react-dom/server renderToString (render/react-server.ts), passed in by whoever renders the page. */
  renderToString(element: ReactElement, options: { identifierPrefix: string }): string;
}

/**
 * The page being rendered, for the Islands in it. One context: the theme imports this module
 * itself (through generator/theme.ts), not a bundled copy of it.
 */
export const IslandContext = createContext<IslandRegistry | null>(null);

/** The islands' bundled files by island name: each module's public URL, and its stylesheet's when it imports one. */
export interface IslandAssets {
  scripts: Record<string, string>;
  styles?: Record<string, string>;
}

/** `idPrefix` keeps the ids of islands rendered apart (the layout's and the page content's) distinct on one page. */
export function createIslandRegistry(
  file: string,
  assets: IslandAssets,
  renderToString: IslandRegistry['renderToString'],
  idPrefix = '',
): IslandRegistry {
  return {
    file,
    urlOf: (name) => ownValue(assets.scripts, name),
    stylesOf: (name) => (assets.styles ? ownValue(assets.styles, name) : undefined),
    used: new Set(),
    count: 0,
    idPrefix,
    renderToString,
  };
}

/** The first value in `props` that would not survive JSON, as a path and a reason. */
export function unserializable(value: unknown, path = 'props'): string | undefined {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return undefined;
  if (typeof value === 'number') return Number.isFinite(value) ? undefined : `${path} is ${value}`;
  if (typeof value === 'undefined') return undefined;
  if (typeof value !== 'object') return `${path} is a ${typeof value}`;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      if (value[i] === undefined) return `${path}[${i}] is undefined`;
      const problem = unserializable(value[i], `${path}[${i}]`);
      if (problem) return problem;
    }
    return undefined;
  }
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null)
    return `${path} is a ${(value as object).constructor?.name ?? 'non-plain object'}`;
  for (const [key, child] of Object.entries(value)) {
    const problem = unserializable(child, `${path}.${key}`);
    if (problem) return problem;
  }
  return undefined;
}

/**
 * Nested objects of island props are often the same object on every page (the
 * site's navigation in the header's props): they are checked and serialised
 * once, by identity. Props are data read from content and config, never
 * mutated while a build renders.
 */
const jsonByObject = new WeakMap<object, string>();
const checked = new WeakSet<object>();

function checkedOnce(props: object): string | undefined {
  for (const [key, value] of Object.entries(props)) {
    if (typeof value === 'object' && value !== null && checked.has(value)) continue;
    const problem = unserializable(value, `props.${key}`);
    if (problem) return problem;
    if (typeof value === 'object' && value !== null) checked.add(value);
  }
  return undefined;
}

/** `scriptSafeJson(props)`, with shared nested objects serialised once. */
function propsJson(props: object): string {
  const members: string[] = [];
  for (const [key, value] of Object.entries(props)) {
    if (value === undefined) continue;
    let json = typeof value === 'object' && value !== null ? jsonByObject.get(value) : undefined;
    if (json === undefined) {
      json = scriptSafeJson(value);
      if (typeof value === 'object' && value !== null) jsonByObject.set(value, json);
    }
    members.push(`${scriptSafeJson(key)}:${json}`);
  }
  return `{${members.join(',')}}`;
}

/**
 * Island markup by component, id and props. An island must render the same
 * markup from the same props (hydration depends on it), so pages that share an
 * island with equal props (the header on most pages) render it once.
 */
const renderedIslands = new WeakMap<object, Map<string, string>>();
const MAX_PER_COMPONENT = 256;

function renderOnce(component: object, key: string, render: () => string): string {
  let byKey = renderedIslands.get(component);
  if (!byKey) renderedIslands.set(component, (byKey = new Map()));
  let html = byKey.get(key);
  if (html === undefined) {
    html = render();
    if (byKey.size >= MAX_PER_COMPONENT) byKey.delete(byKey.keys().next().value!);
    byKey.set(key, html);
  }
  return html;
}

export interface IslandProps<P extends object> {
  /** The island's module: islands/<name>.tsx, which exports `hydrate`. */
  name: string;
  component: ComponentType<P>;
  props: P;
  trigger: HydrateTrigger;
}

export function Island<P extends object>({ name, component: Component, props, trigger }: IslandProps<P>) {
  const registry = useContext(IslandContext);
  if (!registry) throw new Error(`Island "${name}" rendered outside a page render`);
  const src = registry.urlOf(name);
  if (!src) {
    throw new SiteError('IslandWithoutModule', { island: name }, { file: registry.file, field: name });
  }
  const problem = checkedOnce(props);
  if (problem) {
    throw new SiteError('IslandPropsNotSerializable', { island: name, problem }, { file: registry.file, field: name });
  }
  registry.used.add(name);
  const id = `${name}-${registry.idPrefix}${++registry.count}`;
  const json = propsJson(props);
  const html = renderOnce(Component, `${id}\0${json}`, () =>
    registry.renderToString(<Component {...props} />, { identifierPrefix: `${id}-` }),
  );
  return (
    <div
      className="island"
      data-island={name}
      data-src={src}
      data-styles={registry.stylesOf(name)}
      data-trigger={trigger}
      data-id={id}
    >
      <div data-island-root="" dangerouslySetInnerHTML={{ __html: html }} />
      <script type="application/json" dangerouslySetInnerHTML={{ __html: json }} />
    </div>
  );
}
