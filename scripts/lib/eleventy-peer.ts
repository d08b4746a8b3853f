/**
 * Eleventy, the peer the benchmark sets warm builds against (issue 43: a warm build at most 0.4 times Eleventy's cold
 * build of the same pages). Eleventy is no dependency of this project: a pinned version is installed from the npm
 * registry into a folder of the system's temporary directory the first time, and reused after.
 *
 * Its project is the same markdown files, each written as a page with the layout of a page `site` built from them:
 * the built page's bytes around its `<main>`, with its title, description, canonical URL and JSON-LD given to
 * Nunjucks, so both tools write the same chrome around markdown they each render (markdown-it for Eleventy).
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readdir, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

export const ELEVENTY_VERSION = '3.1.8';

/** Runs a command, resolving with its exit code (its output discarded). */
const run = (command: string, args: string[], cwd: string) =>
  new Promise<number | null>((resolve) => {
    const child = spawn(command, args, { cwd, stdio: 'ignore' });
    child.on('error', () => resolve(null));
    child.on('exit', resolve);
  });

/** Eleventy's command file, installed on first use; or why it could not be (no registry, say). */
export async function eleventyCommand(): Promise<{ command: string } | { missing: string }> {
  const home = path.join(os.tmpdir(), `site-bench-eleventy-${ELEVENTY_VERSION}`);
  const command = path.join(home, 'node_modules/@11ty/eleventy/cmd.cjs');
  if (existsSync(command)) return { command };
  await mkdir(home, { recursive: true });
  await writeFile(path.join(home, 'package.json'), '{ "private": true }\n');
  const code = await run(
    'npm',
    ['install', '--no-audit', '--no-fund', '--save-exact', `@11ty/eleventy@${ELEVENTY_VERSION}`],
    home,
  );
  if (code === 0 && existsSync(command)) return { command };
  return { missing: `npm install @11ty/eleventy@${ELEVENTY_VERSION} in ${home} failed (exit ${code})` };
}

/** `{{ value }}` as Nunjucks prints it into HTML: escaped (its autoescape is on). */
const field = (name: string) => `{{ ${name} }}`;

/**
 * The Nunjucks layout made of a page `site` built: its bytes before and after `<main>`'s content, with the page's own
 * values (title, description, canonical URL, the JSON-LD) replaced by Eleventy's.
 */
function layoutOf(builtPage: string, route: string): string {
  const open = /<main\b[^>]*>/.exec(builtPage);
  const close = builtPage.lastIndexOf('</main>');
  if (!open || close < 0) throw new Error('the built page has no <main> element');
  const before = builtPage
    .slice(0, open.index + open[0].length)
    .replace(/<title>[^<]*<\/title>/, `<title>${field('title')}</title>`)
    .replaceAll(/(<meta (?:name|property)="(?:description|og:description|twitter:description)" content=")[^"]*"/g, `$1${field('description')}"`)
    .replaceAll(/(<meta (?:property|name)="(?:og:title|twitter:title)" content=")[^"]*"/g, `$1${field('title')}"`)
    .replaceAll(new RegExp(`${route}(?=["?#])`, 'g'), '{{ page.url }}')
    .replace(
      /(<script type="application\/ld\+json">)[^<]*(<\/script>)/,
      `$1{{ { "@context": "https://schema.org", "@type": "WebPage", "name": title, "description": description, "url": page.url } | dump | safe }}$2`,
    );
  return `${before}<h1>${field('title')}</h1><p>${field('description')}</p>{{ content | safe }}${builtPage.slice(close)}`;
}

/**
 * An Eleventy project in `dir`: the markdown files of `pagesDir` whose names match `only` (linked, not copied), laid
 * out with `layoutOf` the built page, each written to `<name>.html` as `site` writes it.
 */
export async function writeEleventyProject(
  dir: string,
  pagesDir: string,
  only: RegExp,
  builtPage: string,
  route: string,
): Promise<number> {
  await rm(dir, { recursive: true, force: true });
  await mkdir(path.join(dir, 'src/_includes'), { recursive: true });
  const files = (await readdir(pagesDir)).filter((name) => name.endsWith('.md') && only.test(name));
  for (const name of files) await symlink(path.join(pagesDir, name), path.join(dir, 'src', name));
  await writeFile(path.join(dir, 'src/_includes/page.njk'), layoutOf(builtPage, route));
  await writeFile(
    path.join(dir, 'src/src.11tydata.json'),
    `${JSON.stringify({ layout: 'page.njk', permalink: '/{{ page.fileSlug }}.html' })}\n`,
  );
  return files.length;
}

/** The arguments of one cold Eleventy build of `dir` (its output folder is removed first by the caller). */
export const eleventyArgs = (command: string, dir: string) => [
  command,
  `--input=${path.join(dir, 'src')}`,
  `--output=${path.join(dir, '_site')}`,
  '--quiet',
];
