/**
 * What a built page costs a visitor, in gzip bytes: the JavaScript it loads up
 * front (scripts and module preloads in the HTML, and what they import
 * statically) and the JavaScript it can load in total (plus every island
 * module its markers name, and everything those import, lazily included).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

export interface Weight {
  files: string[];
  gzip: number;
}

export interface PageWeight {
  html: number;
  css: Weight;
  jsUpFront: Weight;
  jsTotal: Weight;
}

const STATIC_IMPORT = /(?:^|[;}\s])(?:import|export)\s*(?:[\w*{}\s,$]*from\s*)?["'](\.\/[^"']+)["']/g;
const DYNAMIC_IMPORT = /import\(\s*["'](\.\/[^"']+)["']\s*\)/g;

export function createWeigher(distDir: string) {
  const gz = new Map<string, number>();
  const sources = new Map<string, string>();
  const source = async (url: string) => {
    if (!sources.has(url)) sources.set(url, await readFile(path.join(distDir, url), 'utf8'));
    return sources.get(url)!;
  };
  const size = async (url: string) => {
    if (!gz.has(url)) gz.set(url, gzipSync(await readFile(path.join(distDir, url)), { level: 9 }).byteLength);
    return gz.get(url)!;
  };
  /** A module and everything it imports (statically, and dynamically too when `lazy`). */
  const closure = async (entries: string[], lazy: boolean) => {
    const seen = new Set<string>();
    const visit = async (url: string) => {
      if (seen.has(url)) return;
      seen.add(url);
      const code = await source(url);
      const dir = path.posix.dirname(url);
      const found = [...code.matchAll(STATIC_IMPORT), ...(lazy ? code.matchAll(DYNAMIC_IMPORT) : [])].map((m) => path.posix.join(dir, m[1]!));
      for (const next of found) await visit(next);
    };
    for (const entry of entries) await visit(entry);
    return seen;
  };
  const weigh = async (files: Set<string> | string[]): Promise<Weight> => {
    const list = [...files].sort();
    let total = 0;
    for (const f of list) total += await size(f);
    return { files: list, gzip: total };
  };

  return async function weighPage(htmlFile: string): Promise<PageWeight> {
    const html = await readFile(path.join(distDir, htmlFile), 'utf8');
    const attr = (re: RegExp) => [...html.matchAll(re)].map((m) => m[1]!.replace(/^\//, ''));
    const upFront = [...attr(/<script[^>]*\ssrc="([^"]+)"/g), ...attr(/<link rel="modulepreload" href="([^"]+)"/g)];
    const islands = attr(/\sdata-src="([^"]+)"/g);
    const css = attr(/<link rel="stylesheet" href="([^"]+)"/g);
    return {
      html: gzipSync(html, { level: 9 }).byteLength,
      css: await weigh(css),
      jsUpFront: await weigh(await closure(upFront, false)),
      jsTotal: await weigh(await closure([...upFront, ...islands], true)),
    };
  };
}
