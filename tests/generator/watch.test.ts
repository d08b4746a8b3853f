/**
 * `site watch` on a temporary project (a copy of the templates and islands,
 * and the small fixture site): edits reach the served pages and the browsers,
 * bad input shows the overlay, and the next good save recovers.
 */
import { cp, mkdir, mkdtemp, readFile, rm, symlink, unlink, writeFile } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Logger } from '../../generator/base/logger';
import { startWatch, type Watching } from '../../generator/dev/watch';
import { REPO } from '../support/fixture';

let root: string;
let watching: Watching;
/** Those waiting for the rebuild that takes a file (by its absolute path), resolved with its result. */
let waiting: { file: string; resolve: (result: any) => void }[] = [];
/** Every rebuild, in order: what it was given and what it made. */
const rebuilds: { result: { error?: unknown } | object; changed: string[] }[] = [];
const errors: string[] = [];
const events: { event: string; data: any }[] = [];
let stream: http.ClientRequest;

const debug: string[] = [];
const infos: string[] = [];
const logger: Logger = {
  info: (m) => infos.push(m),
  warn() {},
  debug: (m) => debug.push(m),
  error: (m) => errors.push(m),
};
/**
 * The result of the rebuild that takes `rel` (a path in the project), however many rebuilds of earlier changes come
 * first: a test's own change is never confused with what an earlier test left in the queue (a folder of pages
 * removed, whose removals the watcher reports over several rebuilds).
 */
const rebuildOf = (rel: string) => new Promise<any>((resolve) => waiting.push({ file: file(rel), resolve }));
const file = (rel: string) => path.join(root, rel);
/** A file of watch's own output folder (in the build cache, never dist/). */
const served = (rel: string) => path.join(watching.site.paths.outDir, rel);
const get = async (route: string) => {
  const res = await fetch(watching.server.url + route);
  return { status: res.status, body: await res.text() };
};
async function change(rel: string, edit: (text: string) => string) {
  const wait = rebuildOf(rel);
  await writeFile(file(rel), edit(await readFile(file(rel), 'utf8')));
  return wait;
}

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'site-watch-'));
  await cp(path.join(REPO, 'templates'), file('templates'), { recursive: true });
  await cp(path.join(REPO, 'islands'), file('islands'), { recursive: true });
  await cp(path.join(REPO, 'themes'), file('themes'), { recursive: true });
  await cp(path.join(REPO, 'tests/fixtures/basic'), file('pages'), { recursive: true });
  await symlink(path.join(REPO, 'node_modules'), file('node_modules'), 'dir');
  await symlink(path.join(REPO, 'generator'), file('generator'), 'dir');
  watching = await startWatch({
    root,
    port: 0,
    logger,
    onRebuild: (result, changed) => {
      rebuilds.push({ result, changed });
      const taken = waiting.filter((w) => changed.includes(w.file));
      waiting = waiting.filter((w) => !changed.includes(w.file));
      for (const w of taken) w.resolve(result);
    },
  });
  await new Promise<void>((resolve) => {
    stream = http.get(`${watching.server.url}/__site/events`, (res) => {
      res.setEncoding('utf8');
      let buffer = '';
      res.on('data', (chunk: string) => {
        buffer += chunk;
        for (const block of buffer.split('\n\n').slice(0, -1)) {
          const event = block.match(/^event: (.+)$/m)?.[1];
          const data = block.match(/^data: (.+)$/m)?.[1];
          if (event && data) events.push({ event, data: JSON.parse(data) });
        }
        buffer = buffer.slice(buffer.lastIndexOf('\n\n') + 2);
      });
      resolve();
    });
  });
}, 60_000);

afterAll(async () => {
  stream?.destroy();
  await watching?.close();
  await rm(root, { recursive: true, force: true });
});

describe('site watch', () => {
  it('serves pages with the reload client injected (never in the built files)', async () => {
    const about = await get('/about');
    expect(about.status).toBe(200);
    expect(about.body).toContain('/__site/client.js?route=%2Fabout');
    expect(await readFile(served('about.html'), 'utf8')).not.toContain('__site');
  });

  it('re-renders an edited page, writes it, and tells browsers showing it to reload', async () => {
    events.length = 0;
    const result = await change('pages/about.md', (t) =>
      t.replace('We exist to be built in tests.', 'We exist to be rebuilt live.'),
    );
    expect(result.routes).toEqual(['/about']);
    expect((await get('/about')).body).toContain('We exist to be rebuilt live.');
    expect(await readFile(served('about.html'), 'utf8')).toContain('We exist to be rebuilt live.');
    await expect.poll(() => events.map((e) => e.event)).toContain('reload');
    expect(events.find((e) => e.event === 'reload')!.data.routes).toEqual(['/about']);
  });

  it('applies an edited template to every page without a restart', async () => {
    const result = await change('templates/pages/prose.tsx', (t) =>
      t.replace(
        '<div className="prose" dangerouslySetInnerHTML',
        '<p className="marker">Edited template</p>\n          <div className="prose" dangerouslySetInnerHTML',
      ),
    );
    expect(result.routes).toEqual(['*']);
    for (const route of ['/', '/about', '/services', '/services/audits'])
      expect((await get(route)).body, route).toContain('Edited template');
    // --verbose shows where the rebuild's time went: after the pages are written, the search index and the content store.
    expect(debug.at(-1)).toMatch(
      /^\s*theme [\d.]+ ms, (config [\d.]+ ms, )?(images [\d.]+ ms, )?pages [\d.]+ ms, plan [\d.]+ ms, render [\d.]+ ms, .*write [\d.]+ ms(, search [\d.]+ ms)?, store [\d.]+ ms$/,
    );
  });

  it('swaps the stylesheet without a reload when only CSS changed', async () => {
    events.length = 0;
    const before = (await get('/about')).body.match(/href="(\/assets\/site-[^"]+\.css)"/)![1];
    const result = await change('templates/styles/tokens.css', (t) =>
      t.replace('--accent: #10b981;', '--accent: #10b982;'),
    );
    expect(result.stylesheet).toMatch(/^\/assets\/site-.+\.css$/);
    await expect.poll(() => events.map((e) => e.event)).toContain('css');
    // The new stylesheet, and the one it replaces: pages swap that one only, not an island's own.
    expect(events.find((e) => e.event === 'css')!.data).toEqual({ href: result.stylesheet, replaces: before });
    expect((await get('/about')).body).toContain(result.stylesheet);
  });

  it('adds and deletes pages, updating the sitemap', async () => {
    let wait = rebuildOf('pages/news.md');
    await writeFile(
      file('pages/news.md'),
      '---\ntitle: News\ndescription: A page added while the watcher runs.\n---\n\nFresh.\n',
    );
    await wait;
    expect((await get('/news')).status).toBe(200);
    expect(await readFile(served('sitemap.xml'), 'utf8')).toContain('https://fixture.example.com/news');
    wait = rebuildOf('pages/news.md');
    await unlink(file('pages/news.md'));
    await wait;
    expect((await get('/news')).status).toBe(404);
    expect(await readFile(served('sitemap.xml'), 'utf8')).not.toContain('/news');
  });

  it('logs a folder of many new pages in a line of the first few and how many more', async () => {
    infos.length = 0;
    await mkdir(file('pages/bulk'));
    const names = Array.from(
      { length: 40 },
      (_, i) => `a-page-with-a-name-long-enough-to-count-${String(i).padStart(2, '0')}`,
    );
    await Promise.all(
      names.map((name) =>
        writeFile(
          file(`pages/bulk/${name}.md`),
          `---\ntitle: Page ${name}\ndescription: One of forty pages added at once.\n---\n\nText.\n`,
        ),
      ),
    );
    await expect.poll(async () => (await get(`/bulk/${names.at(-1)}`)).status).toBe(200);
    await expect.poll(async () => (await get(`/bulk/${names[0]}`)).status).toBe(200);
    const lines = infos.filter((line) => line.includes(' → '));
    // Forty paths and forty routes in full would make a line of 5,000 characters; three of each and a count, 600.
    expect(lines.join('\n')).toMatch(/, and \d+ more → /);
    for (const line of lines) expect(line.length, line).toBeLessThan(1000);
    await rm(file('pages/bulk'), { recursive: true });
    await expect.poll(async () => (await get(`/bulk/${names[0]}`)).status).toBe(404);
    await expect.poll(async () => (await get(`/bulk/${names.at(-1)}`)).status).toBe(404);
  });

  it('survives invalid frontmatter: terminal error, overlay in the browser, then recovers on the next good save', async () => {
    events.length = 0;
    errors.length = 0;
    const failed = await change('pages/about.md', (t) => t.replace('keywords:', 'keywrods:'));
    expect(failed.error).toBeDefined();
    expect(errors.join('\n')).toMatch(/keywrods/);
    // The last good page is served; browsers show the failure over it, from the event: the error's own kind, title,
    // place, message and hint, and no stack.
    const about = await get('/about');
    expect(about.status).toBe(200);
    expect(about.body).toContain('We exist to be rebuilt live.');
    await expect.poll(() => events.map((e) => e.event)).toContain('failed');
    const [told] = events.find((e) => e.event === 'failed')!.data.errors;
    expect(told).toMatchObject({ kind: 'UnknownFrontmatterKey', title: 'Unknown frontmatter key' });
    expect(told.location).toContain('about.md');
    expect(told.message).toContain('keywrods');
    expect(told.hint).not.toBe('');
    expect(JSON.stringify(told)).not.toMatch(/\bat [\w.<>]+ \(|\.(mjs|ts):\d+:\d+/);
    const fixed = await change('pages/about.md', (t) => t.replace('keywrods:', 'keywords:'));
    expect(fixed.error).toBeUndefined();
    expect((await get('/about')).status).toBe(200);
    await expect.poll(() => events.some((e) => e.event === 'reload' && e.data.routes.includes('*'))).toBe(true);
  });

  it('batches a burst of changes: fewer rebuilds than changes, and every change built', async () => {
    const burst = ['about.md', 'index.md', 'services/audits.md'].map((f) => file(`pages/${f}`));
    const from = rebuilds.length;
    await Promise.all(burst.map((f) => writeFile(f, '')));
    // Waits until every file of the burst was given to a rebuild, then counts the rebuilds that took them.
    const took = () => rebuilds.slice(from).filter((r) => r.changed.some((f) => burst.includes(f)));
    await expect.poll(() => new Set(took().flatMap((r) => r.changed)).size).toBe(burst.length);
    expect(
      took().length,
      took()
        .map((r) => r.changed.join(', '))
        .join(' | '),
    ).toBeLessThan(burst.length);
    // Emptied pages are invalid: the rebuild that took the last of them failed, naming it.
    expect(took().at(-1)!.result).toHaveProperty('error');
  });
});
