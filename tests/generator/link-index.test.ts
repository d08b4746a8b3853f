import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { SiteConfig } from '../../generator/config/config';
import { indexLinks } from '../../generator/checks/link-index';
import { pageLinks } from '../../generator/render/html-links';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const config = { plannedRoutes: [] } as unknown as SiteConfig;
const page = (route: string) => ({ route, file: `pages${route}.md` });
const rendered = (route: string, html: string) => pageLinks(route, `pages${route}.md`, html);

describe('the link index', () => {
  it("keeps what each page's check read once, by what was read, not again with each page's verdict", () => {
    const links = new Map([
      ['/a', rendered('/a', '<a href="/b">b</a><a href="/gone">x</a>')],
      ['/b', rendered('/b', '<a href="/a">a</a><img src="/logo.svg">')],
    ]);
    const index = indexLinks({
      config,
      pages: new Map([
        ['a.md', page('/a')],
        ['b.md', page('/b')],
      ]),
      links,
      hasFile: (path) => path === 'logo.svg',
      unchecked: new Set(),
    });
    expect([...index.readers.get('r\u0000/b')!]).toEqual(['/a']);
    expect([...index.readers.get('f\u0000logo.svg')!]).toEqual(['/b']);
    expect(index.verdicts.get('/a')!.errors.map((error) => error.field)).toEqual(['/gone']);
    for (const verdict of index.verdicts.values()) expect(Object.keys(verdict).sort()).toEqual(['errors', 'planned']);
  });
});

describe("the link index's readers", () => {
  it('name each page that read a key once, after checks of what changed too, a few pages or many', () => {
    const routes = Array.from({ length: 30 }, (_, n) => `/p${n}`);
    const pages = new Map([...routes, '/b', '/c'].map((route) => [`${route.slice(1)}.md`, page(route)]));
    const linksOf = (text: string) =>
      new Map([
        ...routes.map((route): [string, ReturnType<typeof rendered>] => [route, rendered(route, text)]),
        ['/b', rendered('/b', '<p>b</p>')],
        ['/c', rendered('/c', '<p>c</p>')],
      ]);
    const first = indexLinks({
      config,
      pages,
      // One page reads /c already, the others join it at the next check; one reads /p2, one more joins it at the third.
      links: linksOf('<a href="/b">b</a>')
        .set('/p0', rendered('/p0', '<a href="/b">b</a><a href="/c">c</a>'))
        .set('/p1', rendered('/p1', '<a href="/b">b</a><a href="/p2">p2</a>')),
      hasFile: () => false,
      unchecked: new Set(),
    });
    expect(first.readers.get('r\u0000/b')).toEqual(routes);
    // Every page's links again (a set of the list looks them up), then one page's (looked for in the list).
    const many = linksOf('<a href="/b">b</a><a href="/c">c</a>');
    const second = indexLinks({ config, pages, links: many, hasFile: () => false, unchecked: new Set() }, first);
    expect(second.readers.get('r\u0000/b')).toEqual(routes);
    expect(second.readers.get('r\u0000/c')).toEqual(routes);
    const one = new Map(many).set(
      '/p3',
      rendered('/p3', '<a href="/c">c</a><a href="/b">again</a><a href="/p2">p</a>'),
    );
    const third = indexLinks({ config, pages, links: one, hasFile: () => false, unchecked: new Set() }, second);
    expect(third.readers.get('r\u0000/b')).toEqual(routes);
    expect(third.readers.get('r\u0000/c')).toEqual(routes);
    // A reader too many stays (/p1 no longer links to /p2): it is only checked again.
    expect(third.readers.get('r\u0000/p2')).toEqual(['/p1', '/p3']);
  });
});

describe('the readers of a key many pages read', () => {
  it('are a set, each route once, whether the key had many at a whole check or came to have them', () => {
    const routes = Array.from({ length: 1100 }, (_, n) => `/p${n}`);
    const pages = new Map([...routes, '/b', '/c'].map((route) => [`${route.slice(1)}.md`, page(route)]));
    const linksOf = (reachC: (n: number) => boolean) =>
      new Map([
        ...routes.map((route, n): [string, ReturnType<typeof rendered>] => [
          route,
          rendered(route, `<a href="/b">b</a>${reachC(n) ? '<a href="/c">c</a>' : ''}`),
        ]),
        ['/b', rendered('/b', '<p>b</p>')],
        ['/c', rendered('/c', '<p>c</p>')],
      ]);
    const before = linksOf((n) => n < 1020);
    const first = indexLinks({ config, pages, links: before, hasFile: () => false, unchecked: new Set() });
    expect(first.readers.get('r\u0000/b')).toEqual(new Set(routes));
    expect(first.readers.get('r\u0000/c')).toEqual(routes.slice(0, 1020));
    // The last 80 pages come to link to /c too: its readers pass 1,024, and are a set from then on.
    const after = new Map([...before, ...[...linksOf(() => true)].filter(([route]) => Number(route.slice(2)) >= 1020)]);
    const second = indexLinks({ config, pages, links: after, hasFile: () => false, unchecked: new Set() }, first);
    expect(second.readers.get('r\u0000/b')).toEqual(new Set(routes));
    expect([...second.readers.get('r\u0000/c')!]).toEqual(routes);
    expect(second.readers.get('r\u0000/c')).toBeInstanceOf(Set);
    expect(second.checked).toBe(80);
  });
});

/**
 * What a whole check's readers hold beyond their routes: the index of 20,000 pages that each link to 25 others (each
 * key read by 25 pages, its list grown by push from one), then every list copied to its own length; the MB copying
 * freed. Run in a process of its own, where nothing else allocates between the two measures.
 */
const READERS_HEAP = `
  const { indexLinks } = await import(${JSON.stringify(path.join(REPO, 'generator/checks/link-index.ts'))});
  const { pageLinks } = await import(${JSON.stringify(path.join(REPO, 'generator/render/html-links.ts'))});
  const n = 20000;
  const routes = Array.from({ length: n }, (_, i) => '/p' + i);
  const pages = new Map(routes.map((route) => [route.slice(1) + '.md', { route, file: 'pages' + route + '.md' }]));
  const links = new Map(routes.map((route, i) => [route, pageLinks(route, 'pages' + route + '.md',
    Array.from({ length: 25 }, (_, k) => '<a href="/p' + ((i * 7 + k * 13) % n) + '">x</a>').join(''))]));
  const index = indexLinks({ config: { plannedRoutes: [] }, pages, links, hasFile: () => false, unchecked: new Set() });
  const settled = () => { for (let i = 0; i < 3; i++) gc(); return process.memoryUsage().heapUsed; };
  const kept = settled();
  for (const [key, readers] of index.readers) index.readers.set(key, readers.slice());
  const copied = settled();
  console.log(JSON.stringify({ keys: index.readers.size, freedMb: (kept - copied) / 2 ** 20 }));
`;

describe("a whole check's readers", () => {
  it('are each of their own length: copying every list frees nothing', async () => {
    const child = spawn(
      process.execPath,
      ['--expose-gc', '--import', 'tsx', '--input-type=module', '--eval', READERS_HEAP],
      { cwd: REPO, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    expect(await new Promise((resolve) => child.on('exit', resolve))).toBe(0);
    const { keys, freedMb } = JSON.parse(out) as { keys: number; freedMb: number };
    expect(keys).toBe(20_000);
    // Lists grown by push with room to spare free about 3 MB when copied; lists of their own length, nothing.
    expect(freedMb).toBeLessThan(1);
  });
});
