/**
 * The path a site is served under: `--base` as serve takes it, and the base URL a built site names in its robots.txt
 * (`site serve` serves it under that path and `site check` checks it against it).
 */
import path from 'node:path';
import { SiteError } from '../base/errors';
import { openInside } from './open-inside';

/**
 * A base path as serve takes it (`--base`): '' for none, else `/name[/name…]`, without a trailing slash. One slash
 * at most at either end: `//evil.example` is a URL of another host to a browser, never a path of this one.
 */
export function normaliseBase(base: string | undefined): string {
  const trimmed = (base ?? '').replace(/^\/|\/$/g, '');
  if (trimmed === '' && (base ?? '').length <= 1) return '';
  if (!trimmed.split('/').every((part) => /^[\w.~-]+$/.test(part) && part !== '.' && part !== '..')) {
    throw new SiteError(
      'InvalidOption',
      { option: '--base', value: base ?? '', problem: 'expected a path of plain names, like /notes (or / for none)' },
      { field: '--base' },
    );
  }
  return `/${trimmed}`;
}

/**
 * The base URL a built site was built for, as its robots.txt names its sitemap (`Sitemap: https://user.github.io/notes/
 * sitemap.xml` is `https://user.github.io/notes`): `site serve` serves it under its path and `site check` checks it
 * against it, as its host will. Undefined when the folder has no such line, or it names no http(s) URL with a plain
 * path. robots.txt is read as any input is (it may be anything, a pipe included): only a regular file of the folder.
 */
export async function baseUrlOfBuild(dir: string): Promise<string | undefined> {
  const robots = await openInside(path.resolve(dir), ['robots.txt']).catch(() => undefined);
  if (!robots) return undefined;
  let text: string;
  try {
    text = robots.stats.size > 64 * 1024 ? '' : (await robots.handle.readFile()).toString('utf8');
  } finally {
    await robots.handle.close();
  }
  const sitemap = text.match(/^Sitemap:[ \t]*(\S+)[ \t]*$/m)?.[1];
  if (!sitemap || !URL.canParse(sitemap)) return undefined;
  const url = new URL(sitemap);
  if (!/^https?:$/.test(url.protocol) || url.search || url.hash || !url.pathname.endsWith('/sitemap.xml'))
    return undefined;
  try {
    return `${url.origin}${normaliseBase(url.pathname.slice(0, -'/sitemap.xml'.length))}`;
  } catch {
    return undefined;
  }
}

/** The path a built site lives under (baseUrlOfBuild's path: `/notes`), or undefined for none. */
export async function baseOfBuild(dir: string): Promise<string | undefined> {
  const built = await baseUrlOfBuild(dir);
  return built === undefined ? undefined : new URL(built).pathname.replace(/\/$/, '') || undefined;
}
