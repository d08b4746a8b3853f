/**
 * A full update's search index fed as its pages are written (core/search.ts, searchFeed): given the pages in route
 * order it makes what the index of the written pages is (updateSearchIndex's way, watch's); given them in any other
 * order it still does, by making the index from the written pages. Pagefind's files depend on the order of the pages.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchFeed } from '../../generator/core/search';
import type { State } from '../../generator/core/update-plan';
import { searchIndexFiles } from '../../generator/output/search-index';

const ROUTES = ['/a', '/b', '/c', '/d'];
const html = (route: string) =>
  `<!doctype html><html lang="en"><body><main><h1>Page ${route}</h1><p>Words of ${route}, and some shared ones.</p></main></body></html>`;

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'site-search-feed-'));
  for (const route of ROUTES) await writeFile(path.join(dir, `${route.slice(1)}.html`), html(route));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** What searchFeed reads of an update's state: the theme's choice, the site's own pages and the plan's. */
const state = {
  theme: { search: true },
  pages: new Map(ROUTES.map((route) => [`${route.slice(1)}.md`, { route }])),
  plan: { pages: new Map(ROUTES.map((route) => [route, { page: { route, file: `${route}.md`, data: {} } }])) },
} as unknown as State;

async function fed(order: readonly string[]): Promise<Map<string, unknown>> {
  const feed = (await searchFeed(state, dir))!;
  const output = new Map<string, unknown>();
  try {
    for (const route of order) feed.written(route, `${route}.md`);
    await feed.finish(output as never);
  } finally {
    feed.close();
  }
  return output;
}

const bytesOf = (files: Map<string, unknown>) =>
  new Map([...files].map(([file, contents]) => [file, Buffer.from(contents as Uint8Array).toString('base64')]));

describe('the search index fed as pages are written', () => {
  it('is the index of the written pages in route order, whatever order they are written in', async () => {
    const expected = bytesOf(
      await searchIndexFiles(ROUTES.map((route) => ({ route, file: route, html: () => html(route) }))),
    );
    expect(bytesOf(await fed(ROUTES))).toEqual(expected);
    expect(bytesOf(await fed(['/b', '/a', '/d', '/c']))).toEqual(expected);
  }, 60_000);
});
