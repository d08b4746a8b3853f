/** The real site, built once per test run (./real-site-setup.ts), read and parsed by a test file. */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { inject } from 'vitest';
import type { RealSite } from './real-site-setup';

export interface BuiltSite {
  outDir: string;
  /** What the build reported: the site's config and its warnings. */
  result: Pick<RealSite, 'config' | 'warnings'>;
  /** Routes from the sitemap, in its order. */
  routes: string[];
  html(route: string): Promise<string>;
  doc(route: string): Promise<Document>;
  file(relative: string): Promise<Buffer>;
}

export const fileOf = (route: string) =>
  route === '/' ? 'index.html' : route === '/404' ? '404.html' : `${route.slice(1)}.html`;

export async function builtRealSite(): Promise<BuiltSite> {
  const { outDir, ...result } = inject('realSite');
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
      // jsdom is loaded when a page is first parsed: the browser files, which read no page here, do without it.
      const { JSDOM } = await import('jsdom');
      if (!cache.has(route)) cache.set(route, new JSDOM(await html(route)).window.document);
      return cache.get(route)!;
    },
    file: (relative) => readFile(path.join(outDir, relative)),
  };
}

export const text = (el: Element | null | undefined) => (el?.textContent ?? '').replace(/\s+/g, ' ').trim();
export const texts = (root: ParentNode, selector: string) => [...root.querySelectorAll(selector)].map(text);
