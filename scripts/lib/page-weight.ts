/**
 * What a built page costs a visitor. In gzip bytes: its HTML, its CSS (the
 * stylesheets it links, and those its islands link when they start), the
 * JavaScript it loads up front (scripts and module preloads in the HTML, and
 * what they import statically) and the JavaScript it can load in total (plus
 * every island module its markers name, and everything those import, lazily
 * included). In bytes as shipped (already compressed formats, or images a
 * budget counts whole): the fonts it preloads or its CSS references, and the
 * hero images it shows (those under images/hero/), in its markup or named in
 * an island's props for the island to add later (the carousel's other slides).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { islandPropsUrls } from '../../generator/render/html-links';

export interface Weight {
  /** The files counted, as paths from the site root, sorted. */
  files: string[];
  /** Bytes of each file, as counted (gzip or as shipped). */
  sizes: Record<string, number>;
  /** Their sum. */
  bytes: number;
}

export interface PageWeight {
  /** gzip */
  html: Weight;
  /** gzip: linked up front, or by an island when it starts. */
  css: Weight;
  /** gzip */
  jsUpFront: Weight;
  /** gzip */
  jsTotal: Weight;
  /** As shipped (woff2 is compressed already). */
  fonts: Weight;
  /** As shipped, all together. */
  heroImages: Weight;
}

/** Where the home page's hero (carousel) images live; the budget test checks the carousel uses no other. */
export const HERO_DIR = 'images/hero/';
const FONT_FILE = /\.(?:woff2?|ttf|otf)$/i;

const STATIC_IMPORT = /(?:^|[;}\s])(?:import|export)\s*(?:[\w*{}\s,$]*from\s*)?["'](\.\/[^"']+)["']/g;
const DYNAMIC_IMPORT = /import\(\s*["'](\.\/[^"']+)["']\s*\)/g;
const CSS_URL = /url\(\s*["']?([^"')]+)["']?\s*\)/g;

/** The attributes of every `<name …>` tag in the HTML (lower-case names; values as written). */
export function tags(html: string, name: string): Record<string, string>[] {
  return [...html.matchAll(new RegExp(`<${name}\\b([^>]*)>`, 'gi'))].map((tag) =>
    Object.fromEntries([...tag[1]!.matchAll(/([^\s=/]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g)].map((a) => [a[1]!.toLowerCase(), a[2] ?? a[3] ?? a[4] ?? ''])),
  );
}

/** A site-relative path for a URL on this site (absolute path or relative to `from`), or undefined for other origins and data: URLs. */
function sitePath(url: string, from: string): string | undefined {
  if (/^[a-z][\w+.-]*:/i.test(url) || url.startsWith('//') || url.startsWith('#')) return undefined;
  const clean = decodeURI(url.replace(/[?#].*$/, ''));
  return clean.startsWith('/') ? clean.slice(1) : path.posix.join(path.posix.dirname(from), clean);
}

export function createWeigher(distDir: string) {
  const raw = new Map<string, Buffer>();
  const gz = new Map<string, number>();
  const read = async (file: string) => {
    if (!raw.has(file)) raw.set(file, await readFile(path.join(distDir, file)));
    return raw.get(file)!;
  };
  const gzip = async (file: string) => {
    if (!gz.has(file)) gz.set(file, gzipSync(await read(file), { level: 9 }).byteLength);
    return gz.get(file)!;
  };
  const shipped = async (file: string) => (await read(file)).byteLength;

  /** A module and everything it imports (statically, and dynamically too when `lazy`). */
  const closure = async (entries: string[], lazy: boolean) => {
    const seen = new Set<string>();
    const visit = async (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      const code = (await read(file)).toString('utf8');
      const dir = path.posix.dirname(file);
      const found = [...code.matchAll(STATIC_IMPORT), ...(lazy ? code.matchAll(DYNAMIC_IMPORT) : [])].map((m) => path.posix.join(dir, m[1]!));
      for (const next of found) await visit(next);
    };
    for (const entry of entries) await visit(entry);
    return seen;
  };
  const weigh = async (files: Iterable<string>, size: (file: string) => Promise<number>): Promise<Weight> => {
    const list = [...new Set(files)].sort();
    const sizes: Record<string, number> = {};
    for (const f of list) sizes[f] = await size(f);
    return { files: list, sizes, bytes: Object.values(sizes).reduce((a, b) => a + b, 0) };
  };

  return async function weighPage(htmlFile: string): Promise<PageWeight> {
    const html = (await read(htmlFile)).toString('utf8');
    const local = (urls: (string | undefined)[]) => urls.filter((u): u is string => Boolean(u)).flatMap((u) => sitePath(u, htmlFile) ?? []);
    const links = tags(html, 'link');
    const rel = (value: string) => links.filter((l) => (l.rel ?? '').toLowerCase().split(/\s+/).includes(value));

    const upFront = local([...tags(html, 'script').map((s) => s.src), ...rel('modulepreload').map((l) => l.href)]);
    const islands = local([...html.matchAll(/\sdata-src="([^"]+)"/g)].map((m) => m[1]));
    const css = local(rel('stylesheet').map((l) => l.href));
    const islandCss = local([...html.matchAll(/\sdata-styles="([^"]+)"/g)].map((m) => m[1]));

    const fontsInCss: string[] = [];
    for (const sheet of css) {
      for (const m of (await read(sheet)).toString('utf8').matchAll(CSS_URL)) {
        const file = sitePath(m[1]!, sheet);
        if (file && FONT_FILE.test(file)) fontsInCss.push(file);
      }
    }
    const preloads = rel('preload');
    const fonts = [...local(preloads.filter((l) => l.as === 'font').map((l) => l.href)), ...fontsInCss];

    const srcset = (value: string | undefined) => (value ?? '').split(',').map((candidate) => candidate.trim().split(/\s+/)[0]);
    const images = local([
      ...tags(html, 'img').flatMap((img) => [img.src, ...srcset(img.srcset)]),
      ...tags(html, 'source').flatMap((source) => srcset(source.srcset)),
      ...preloads.filter((l) => l.as === 'image').flatMap((l) => [l.href, ...srcset(l.imagesrcset)]),
      ...islandPropsUrls(html),
    ]);

    return {
      html: await weigh([htmlFile], gzip),
      css: await weigh([...css, ...islandCss], gzip),
      jsUpFront: await weigh(await closure(upFront, false), gzip),
      jsTotal: await weigh(await closure([...upFront, ...islands], true), gzip),
      fonts: await weigh(fonts, shipped),
      heroImages: await weigh(
        images.filter((file) => file.startsWith(HERO_DIR)),
        shipped,
      ),
    };
  };
}
