/** Builds the real site once per test file into a temporary folder and parses its pages. */
import { mkdtemp, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { JSDOM } from 'jsdom';
import { build, type BuildResult } from '../../generator/core/build';
import { silentLogger } from '../../generator/base/logger';
import { REPO } from './fixture';

export interface BuiltSite {
  outDir: string;
  result: BuildResult;
  /** Routes from the sitemap, in its order. */
  routes: string[];
  html(route: string): Promise<string>;
  doc(route: string): Promise<Document>;
  file(relative: string): Promise<Buffer>;
}

export const fileOf = (route: string) =>
  route === '/' ? 'index.html' : route === '/404' ? '404.html' : `${route.slice(1)}.html`;

export async function buildRealSite(): Promise<BuiltSite> {
  const outDir = path.join(await mkdtemp(path.join(os.tmpdir(), 'site-real-')), 'dist');
  const result = await build({ root: REPO, outDir, logger: silentLogger });
  const sitemap = await readFile(path.join(outDir, 'sitemap.xml'), 'utf8');
  const routes = [...sitemap.matchAll(/<loc>https:\/\/[^/]+([^<]*)<\/loc>/g)].map((m) => m[1] || '/');
  const cache = new Map<string, Document>();
  const html = (route: string) => readFile(path.join(outDir, fileOf(route)), 'utf8');
  return {
    outDir,
    result,
    routes,
    html,
    async doc(route) {
      if (!cache.has(route)) cache.set(route, new JSDOM(await html(route)).window.document);
      return cache.get(route)!;
    },
    file: (relative) => readFile(path.join(outDir, relative)),
  };
}

export const text = (el: Element | null | undefined) => (el?.textContent ?? '').replace(/\s+/g, ' ').trim();
export const texts = (root: ParentNode, selector: string) => [...root.querySelectorAll(selector)].map(text);
