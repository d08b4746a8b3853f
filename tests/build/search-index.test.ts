/**
 * The search index a theme with search publishes (core/search.ts, output/search-index.ts): the site's own published
 * pages and nothing else (no draft, even where drafts are built; no 404, no noindex page, no generated section page),
 * the CSP's one allowance for it, a public file in its place refused, and a theme without search untouched.
 */
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../generator/core/build';
import { Site } from '../../generator/core/site';
import { silentLogger } from '../../generator/base/logger';
import { searchIndexFiles } from '../../generator/output/search-index';
import { tempProject } from '../support/project';

const PAGES: Record<string, string> = {
  'site.yml': 'name: Field notes\nbaseUrl: https://notes.example.org\n',
  'index.md': '# Home\n\nWelcome to the notes.\n',
  'guide/install.md': '# Installing\n\nThe zeppelin option sets the engine.\n',
  'secret.md': '---\ndraft: true\n---\n# Secret\n\nmarmalade\n',
  'hidden.md': '---\nnoindex: true\n---\n# Hidden\n\nwombat\n',
  '404.md': '---\ntemplate: not-found\n---\n# Not found\n\nquokka\n',
};

let temp: string;

async function project(pages: Record<string, string>): Promise<string> {
  const root = await mkdtemp(path.join(temp, 'p-'));
  for (const [file, text] of Object.entries(pages)) {
    await mkdir(path.dirname(path.join(root, 'pages', file)), { recursive: true });
    await writeFile(path.join(root, 'pages', file), text);
  }
  return root;
}

/** Each indexed page's URL and text, read from Pagefind's fragments (gzip, then `pagefind_dcd` and JSON). */
async function indexed(dist: string): Promise<Map<string, string>> {
  const folder = path.join(dist, 'pagefind/fragment');
  const pages = new Map<string, string>();
  for (const name of await readdir(folder)) {
    const text = gunzipSync(await readFile(path.join(folder, name))).toString('utf8');
    const data = JSON.parse(text.slice(text.indexOf('{'))) as { url: string; content: string };
    pages.set(data.url, data.content);
  }
  return pages;
}

const scriptSrc = async (dist: string) =>
  /script-src ([^;]*)/.exec(await readFile(path.join(dist, '_headers'), 'utf8'))?.[1];

beforeAll(async () => {
  temp = await mkdtemp(path.join(os.tmpdir(), 'site-search-'));
});
afterAll(() => rm(temp, { recursive: true, force: true }));

describe('the search index of the built-in theme', () => {
  it('holds the published pages of the page files, and no draft, 404, noindex or generated page', async () => {
    const root = await project(PAGES);
    await build({ root, logger: silentLogger });
    const dist = path.join(root, 'dist');
    const pages = await indexed(dist);
    // /guide is the generated section page of the folder: links only.
    expect([...pages.keys()].sort()).toEqual(['/', '/guide/install']);
    expect(pages.get('/guide/install')).toContain('zeppelin');
    // Nothing but the page's own words: no phone menu button, no header, no sidebar.
    expect(pages.get('/')).toBe('Home. Welcome to the notes.');
    expect(await readdir(path.join(dist, 'pagefind'))).toEqual(
      expect.arrayContaining(['pagefind.js', 'pagefind-worker.js', 'pagefind-entry.json']),
    );
    // Pagefind's prebuilt interfaces are not published: the theme has its own search box.
    expect((await readdir(path.join(dist, 'pagefind'))).filter((file) => file.includes('-ui'))).toEqual([]);
    expect(await scriptSrc(dist)).toBe("'self' 'wasm-unsafe-eval'");
  });

  it('leaves drafts out where they are built (site watch, --drafts), and makes it again when a page changes', async () => {
    const root = await project(PAGES);
    const outDir = path.join(root, 'out');
    const site = new Site({ root, outDir, drafts: true, logger: silentLogger });
    try {
      await site.update('all');
      await site.commit();
      expect([...(await indexed(outDir)).keys()].sort()).toEqual(['/', '/guide/install']);
      await writeFile(path.join(root, 'pages/secret.md'), '# Secret\n\nmarmalade, now published\n');
      await writeFile(path.join(root, 'pages/guide/install.md'), '# Installing\n\nThe airship option.\n');
      await site.update([path.join(root, 'pages/secret.md'), path.join(root, 'pages/guide/install.md')]);
      const pages = await indexed(outDir);
      expect([...pages.keys()].sort()).toEqual(['/', '/guide/install', '/secret']);
      expect(pages.get('/guide/install')).not.toContain('zeppelin');
      // The index of before is gone: one fragment per page.
      expect(await readdir(path.join(outDir, 'pagefind/fragment'))).toHaveLength(3);
    } finally {
      await site.dispose();
    }
  });

  it("is the index of the site's pages given in route order, whatever order the build renders them in", async () => {
    // File order and route order differ: `a-b.md` lists before `a.md`, whose route /a sorts before /a-b; `index.md`
    // is / (first of all routes); a folder's pages sort among the files. Pagefind's files depend on the order it is
    // given the pages: a build that rendered them in another order would publish another index.
    const root = await project({
      'site.yml': 'name: Order\nbaseUrl: https://order.example.org\n',
      'a-b.md': '# A b\n\nHyphenated pelican.\n',
      'a.md': '# A\n\nPlain heron.\n',
      'a/z.md': '# A z\n\nNested egret.\n',
      'b.md': '# B\n\nSecond stork.\n',
      'index.md': '# Home\n\nFirst crane.\n',
    });
    await build({ root, logger: silentLogger });
    const dist = path.join(root, 'dist');
    const routes = [...(await indexed(dist)).keys()];
    expect(routes.sort()).toEqual(['/', '/a', '/a-b', '/a/z', '/b']);
    // The index made the other way (watch's): from the written pages, read back, in route order.
    const made = await searchIndexFiles(
      routes.map((route) => ({
        route,
        file: route,
        html: () => readFileSync(path.join(dist, route === '/' ? 'index.html' : `${route.slice(1)}.html`), 'utf8'),
      })),
    );
    const published = new Map<string, Buffer>();
    for (const file of await readdir(path.join(dist, 'pagefind'), { recursive: true }))
      if (file.includes('.')) published.set(`pagefind/${file}`, await readFile(path.join(dist, 'pagefind', file)));
    expect([...published.keys()].sort()).toEqual([...made.keys()].sort());
    for (const [file, bytes] of made) expect(Buffer.compare(published.get(file)!, Buffer.from(bytes)), file).toBe(0);
  });

  it('refuses a public file where the index is written', async () => {
    const root = await project(PAGES);
    await mkdir(path.join(root, 'pages/public/pagefind'), { recursive: true });
    await writeFile(path.join(root, 'pages/public/pagefind/pagefind.js'), 'export {}');
    await expect(build({ root, logger: silentLogger })).rejects.toThrow(/pagefind\/pagefind\.js/);
  });
});

describe('a theme without search', () => {
  it('publishes no index, bundles no search box and keeps WebAssembly out of the CSP', async () => {
    const site = await tempProject();
    try {
      await build({ root: site.root, logger: silentLogger });
      const dist = site.file('dist');
      expect(await readdir(dist)).not.toContain('pagefind');
      expect((await readdir(path.join(dist, 'assets'))).filter((file) => file.startsWith('search-'))).toEqual([]);
      expect(await scriptSrc(dist)).toBe("'self'");
    } finally {
      await site.cleanup();
    }
  }, 60_000);
});
