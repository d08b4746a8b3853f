/**
 * The engine's layers (docs/architecture.md): a module imports only from its own layer and the layers below it, so
 * folders cannot import each other in circles. Every import counts, `import type` and import() included. And the
 * markdown pipeline (remark, gemoji) loads only when a page is parsed or rendered: no module a build starts with
 * imports it, but through import().
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO } from '../support/fixture';

const GENERATOR = path.join(REPO, 'generator');

/**
 * Lowest first. A folder is a layer; base (errors and their catalogue, the logger, where the engine's files are, paths
 * and listing files) is what every other one may use.
 */
const LAYERS = [
  'base',
  'cache',
  'config',
  'pages',
  'markdown',
  'load',
  'collections',
  'render',
  'assets',
  'output',
  'checks',
  'core',
  'dev',
  'starter',
  'api',
] as const;
type Layer = (typeof LAYERS)[number];

/** A module's layer: its folder under generator/. */
function layerOf(file: string): Layer {
  const [folder, ...rest] = file.split('/');
  if (rest.length === 0) return 'api'; // generator/theme.ts: what themes import
  if (!(LAYERS as readonly string[]).includes(folder!))
    throw new Error(`generator/${folder}/ has no layer: add it to LAYERS and docs/architecture.md`);
  return folder as Layer;
}

/** Imports that load a module when the importing one loads: not `import type`, not import(). */
const LOADED_AT_ONCE =
  /(?:^|\n)\s*(?:import|export)\s(?!type\s)[^'"]*?from\s+['"](\.[^'"]+)['"]|(?:^|\n)\s*import\s+['"](\.[^'"]+)['"]/g;
const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s+['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)/g;

async function sources(): Promise<string[]> {
  const entries = await readdir(GENERATOR, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && /\.(ts|tsx|js|mjs)$/.test(entry.name))
    .map((entry) => path.relative(GENERATOR, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}

/** Every import inside generator/, as `from -> to` (paths under generator/); `loaded`: only the imports that load a module at once. */
async function imports(loaded = false): Promise<{ from: string; to: string }[]> {
  const files = await sources();
  const known = new Set(files);
  const resolve = (from: string, spec: string) => {
    const base = path.posix.normalize(path.posix.join(path.posix.dirname(from), spec));
    return ['', '.ts', '.tsx', '.js', '/index.ts'].map((ext) => base + ext).find((candidate) => known.has(candidate));
  };
  const found: { from: string; to: string }[] = [];
  for (const from of files) {
    const text = await readFile(path.join(GENERATOR, from), 'utf8');
    for (const match of text.matchAll(loaded ? LOADED_AT_ONCE : IMPORT)) {
      const spec = match[1] ?? match[2]!;
      const to = resolve(from, spec);
      if (to) found.push({ from, to });
    }
  }
  return found;
}

const against = (edge: { from: string; to: string }) =>
  LAYERS.indexOf(layerOf(edge.to)) > LAYERS.indexOf(layerOf(edge.from));

/**
 * The groups of files that reach each other through their imports (Tarjan's strongly connected components), each
 * as its files in order, so a failure names the circle to break.
 */
function filesInCircles(graph: Map<string, string[]>): string[] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[] = [];
  const visit = (file: string) => {
    index.set(file, index.size);
    low.set(file, index.get(file)!);
    stack.push(file);
    onStack.add(file);
    for (const next of graph.get(file) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(file, Math.min(low.get(file)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(file, Math.min(low.get(file)!, index.get(next)!));
    }
    if (low.get(file) !== index.get(file)) return;
    const group: string[] = [];
    for (let top = ''; top !== file;) {
      top = stack.pop()!;
      onStack.delete(top);
      group.push(top);
    }
    if (group.length > 1 || (graph.get(file) ?? []).includes(file)) found.push(group.sort().join(' -> '));
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return found.sort();
}

describe('the engine layers', () => {
  it('every module imports only from its own layer or below', async () => {
    const edges = await imports();
    expect(edges.length).toBeGreaterThan(100);
    const violations = edges.filter(against).map(({ from, to }) => `${from} -> ${to}`);
    expect(violations, 'imports against the layers (docs/architecture.md)').toEqual([]);
  });

  it('no two folders import each other', async () => {
    const edges = await imports();
    const folderOf = (file: string) => (file.includes('/') ? file.slice(0, file.indexOf('/')) : '(top)');
    const between = new Map<string, string>();
    for (const { from, to } of edges)
      if (folderOf(from) !== folderOf(to)) between.set(`${folderOf(from)} -> ${folderOf(to)}`, `${from} -> ${to}`);
    const twoWay = [...between.keys()]
      .filter((pair) => between.has(pair.split(' -> ').reverse().join(' -> ')))
      .map((pair) => `${pair}: ${between.get(pair)}`);
    expect(twoWay).toEqual([]);
  });

  it('no folders import each other in a circle', async () => {
    const edges = await imports();
    const graph = new Map<Layer, Set<Layer>>();
    for (const { from, to } of edges) {
      const [a, b] = [layerOf(from), layerOf(to)];
      if (a !== b) graph.set(a, (graph.get(a) ?? new Set()).add(b));
    }
    // Depth-first search for a path back to where it started.
    const circle = (start: Layer, at: Layer, seen: Layer[]): Layer[] | undefined => {
      for (const next of graph.get(at) ?? []) {
        if (next === start) return [...seen, next];
        if (!seen.includes(next)) {
          const found = circle(start, next, [...seen, next]);
          if (found) return found;
        }
      }
      return undefined;
    };
    const circles = LAYERS.map((layer) => circle(layer, layer, [layer])).filter((found) => found !== undefined);
    expect(circles.map((found) => found.join(' -> '))).toEqual([]);
  });

  it('no files import each other in a circle, type imports included', async () => {
    const edges = await imports();
    const graph = new Map<string, string[]>();
    for (const { from, to } of edges) graph.set(from, [...(graph.get(from) ?? []), to]);
    expect(filesInCircles(graph)).toEqual([]);
  });

  it('finds a circle of files when there is one', () => {
    const graph = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts', 'd.ts']],
      ['d.ts', []],
    ]);
    expect(filesInCircles(graph)).toEqual(['a.ts -> b.ts -> c.ts']);
  });

  it('reads imports of every kind', () => {
    const text =
      "import type { A } from '../config/config';\nexport { b } from './b';\nconst c = await import('../dev/serve');";
    expect([...text.matchAll(IMPORT)].map((match) => match[1] ?? match[2])).toEqual([
      '../config/config',
      './b',
      '../dev/serve',
    ]);
  });
});

/** Whether two names are the same or one edit (a letter added, dropped or changed) apart. */
function nearlyAlike(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1) return false;
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++)
      next[j] = Math.min(row[j]! + 1, next[j - 1]! + 1, row[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    row = next;
  }
  return row[b.length]! <= 1;
}

describe('module names', () => {
  it('no two modules are named alike or a letter apart (page-source and page-sources), but the catalogue of errors by domain', async () => {
    const modules = (await sources())
      .filter((file) => !file.startsWith('base/errors/'))
      .map((file) => ({ file, name: path.posix.basename(file).replace(/\.(ts|tsx|js|mjs)$/, '') }));
    const alike = modules.flatMap((a, i) =>
      modules.slice(i + 1).flatMap((b) => (nearlyAlike(a.name, b.name) ? [`${a.file} ~ ${b.file}`] : [])),
    );
    expect(alike).toEqual([]);
  });

  it('tells names a letter apart from names further apart', () => {
    expect(nearlyAlike('page-source', 'page-sources')).toBe(true);
    expect(nearlyAlike('page-worker', 'page-workers')).toBe(true);
    expect(nearlyAlike('routes', 'route')).toBe(true);
    expect(nearlyAlike('page-source', 'page-route')).toBe(false);
  });
});

describe('what a build loads', () => {
  it('loads the markdown pipeline only when a page is parsed or rendered, through import()', async () => {
    const edges = await imports(true);
    const reached = new Set(['core/build.ts', 'core/site.ts', 'dev/watch.ts']);
    for (let grew = true; grew;) {
      grew = false;
      for (const { from, to } of edges) if (reached.has(from) && !reached.has(to)) grew = reached.add(to) !== undefined;
    }
    expect(reached.size).toBeGreaterThan(30);
    const pipeline = ['markdown/body-outline.ts', 'markdown/markdown.ts', 'markdown/emoji.ts', 'markdown/raw-html.ts'];
    expect(pipeline.filter((module) => reached.has(module))).toEqual([]);
  });
});
