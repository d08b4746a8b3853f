/**
 * What a new user's content meets with the built-in theme, whose prose template takes other keys as data: a misspelt
 * key is a warning naming the file, line and field with "did you mean", in a full build and in a watch update. A site
 * without a home page (a cheat-sheet collection) is given one by the built-in theme, and warned of; with a theme
 * without section pages it names no home in its JSON-LD, and a watch update that adds or removes the home page writes
 * what a full build writes.
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Site } from '../../generator/core/site';

let root: string;
beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'site-default-content-'));
  await mkdir(path.join(root, 'pages'));
  await writeFile(path.join(root, 'pages/site.yml'), 'name: Notes\nbaseUrl: https://example.org\n');
  await writeFile(path.join(root, 'pages/index.md'), '# Notes\n\nShort notes on what I read.\n');
});
afterEach(() => rm(root, { recursive: true, force: true }));

const page = (file: string, text: string) => writeFile(path.join(root, 'pages', file), text);

/**
 * The built-in theme without its section pages: a site without a home page then has none (with them, the engine
 * makes one listing the top level: generated-home.test.ts).
 */
const withoutSectionPages = async () => {
  await mkdir(path.join(root, 'templates'));
  await writeFile(
    path.join(root, 'templates/index.ts'),
    "import type { Theme } from 'site';\nimport { theme as builtIn } from 'site/theme';\n\nconst { section: _, ...templates } = builtIn.templates;\nexport const theme: Theme = { ...builtIn, templates };\n",
  );
  await writeFile(path.join(root, 'templates/styles.css'), "@import 'site/theme/styles.css';\n");
};
const warningsOf = (result: { warnings: { kind: string; message: string }[] }) =>
  result.warnings.filter((warning) => warning.kind === 'NearMissKey').map((warning) => warning.message);

describe('a misspelt key with a template that takes other keys as data', () => {
  it('is a warning naming the file, the line and the field, with the field it was meant to be', async () => {
    await page(
      'guide.md',
      '---\ntitle: Guide\ndescripton: How to use the notes.\n"keywrds": [reading]\ntag: notes\nsidebar: true\nname: data of mine\n---\n\nText.\n',
    );
    const site = new Site({ root });
    const result = await site.update('all');
    expect(warningsOf(result)).toEqual([
      'pages/guide.md:3 (field: descripton): the template "prose" takes descripton as data; did you mean `description`?',
      'pages/guide.md:4 (field: keywrds): the template "prose" takes keywrds as data; did you mean `keywords`?',
      'pages/guide.md:5 (field: tag): the template "prose" takes tag as data; did you mean `tags`?',
    ]);
    // A key no field is near (sidebar), and a short one two edits from one (name, date), are data.
    expect(warningsOf(result).join('\n')).not.toMatch(/sidebar|name/);
  });

  it('is warned of again in a watch update, and no more once it is fixed', async () => {
    await page('guide.md', '---\ntitle: Guide\n---\n\nText.\n');
    const site = new Site({ root, incremental: true });
    expect(warningsOf(await site.update('all'))).toEqual([]);
    await page('guide.md', '---\ntitle: Guide\ndescripton: How to use the notes.\n---\n\nText.\n');
    expect(warningsOf(await site.update([path.join(root, 'pages/guide.md')]))).toEqual([
      'pages/guide.md:3 (field: descripton): the template "prose" takes descripton as data; did you mean `description`?',
    ]);
    await page('guide.md', '---\ntitle: Guide\ndescription: How to use the notes.\n---\n\nText.\n');
    expect(warningsOf(await site.update([path.join(root, 'pages/guide.md')]))).toEqual([]);
  });
});

const out = (file: string) => readFile(path.join(root, 'dist', file), 'utf8');
/** The JSON-LD graph of a built page. */
const graphOf = (html: string) =>
  (
    JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)![1]!) as {
      '@graph': Record<string, unknown>[];
    }
  )['@graph'];

/** The warnings of the two pages a site should have, as kind and message. */
const missingOf = (result: { warnings: { kind: string; message: string; hint: string }[] }) =>
  result.warnings.filter((warning) => /^(No(Home|NotFound)|GeneratedHome)Page$/.test(warning.kind));

describe('a site without a home page', () => {
  it('is given one, and warned of, as is a site without a not-found page, naming the file each would be; not once they are added', async () => {
    await rm(path.join(root, 'pages/index.md'));
    await page('tar.md', '# tar\n\n> Archiving utility.\n');
    const site = new Site({ root, incremental: true });
    const missing = missingOf(await site.update('all'));
    expect(missing.map((warning) => [warning.kind, warning.message])).toEqual([
      [
        // The built-in theme lists the top level there (collections/navigation.ts): the site's own is still missing.
        'GeneratedHomePage',
        'https://example.org/ shows a home page the build made, listing the top level of the navigation: the site has none of its own (pages/index.md, or a README.md with no index.md beside it, would be it)',
      ],
      [
        'NoNotFoundPage',
        "The site has no not-found page (pages/404.md): hosts will answer an unknown address with a page of their own, without the site's name or a way back",
      ],
    ]);
    // The built-in theme has the template for it.
    expect(missing[1]!.hint).toContain('`template: not-found`');
    await page('index.md', '# Notes\n\nShort notes on what I read.\n');
    expect(missingOf(await site.update([path.join(root, 'pages/index.md')])).map((w) => w.kind)).toEqual([
      'NoNotFoundPage',
    ]);
    await page('404.md', '---\ntemplate: not-found\ntitle: Page not found\n---\n\nNothing is here.\n');
    expect(missingOf(await site.update([path.join(root, 'pages/404.md')]))).toEqual([]);
    await site.dispose();
  });

  it('names no home in the JSON-LD: no Home breadcrumb, no WebSite or Organization url at /', async () => {
    await withoutSectionPages();
    await rm(path.join(root, 'pages/index.md'));
    await page('tar.md', '# tar\n\n> Archiving utility.\n');
    const site = new Site({ root });
    await site.update('all');
    await site.commit();
    const html = await out('tar.html');
    const graph = graphOf(html);
    expect(graph.map((node) => node['@type'])).toEqual(['Organization', 'WebPage']);
    expect(JSON.stringify(graph)).not.toContain('"https://example.org/"');
    expect(JSON.stringify(graph)).not.toContain('Home');
    expect(graph[1]!.isPartOf).toEqual({ '@type': 'WebSite', '@id': 'https://example.org/#website', name: 'Notes' });
    await site.dispose();
  });

  it('with a home page, keeps Home in the breadcrumbs and the url of the site', async () => {
    await page('tar.md', '# tar\n\n> Archiving utility.\n');
    const site = new Site({ root });
    await site.update('all');
    await site.commit();
    const graph = graphOf(await out('tar.html'));
    expect(graph.map((node) => node['@type'])).toEqual(['Organization', 'WebPage', 'BreadcrumbList']);
    expect(JSON.stringify(graph[2])).toContain(
      '{"@type":"ListItem","position":1,"name":"Home","item":"https://example.org/"}',
    );
    expect(graph[0]!.url).toBe('https://example.org/');
    await site.dispose();
  });

  it('when a watch update adds or removes the home page, every page is written as a full build writes it', async () => {
    await withoutSectionPages();
    await rm(path.join(root, 'pages/index.md'));
    await page('tar.md', '# tar\n\n> Archiving utility.\n');
    const fullBuild = async () => {
      const full = new Site({ root, outDir: path.join(root, 'full') });
      await full.update('all');
      await full.commit();
      await full.dispose();
      return readFile(path.join(root, 'full/tar.html'), 'utf8');
    };
    const site = new Site({ root, incremental: true });
    await site.update('all');
    await site.commit();
    await page('index.md', '# Notes\n\nShort notes on what I read.\n');
    await site.update([path.join(root, 'pages/index.md')]);
    expect(await out('tar.html')).toContain('<a class="site-name" href="/">Notes</a>');
    expect(await out('tar.html')).toBe(await fullBuild());
    await rm(path.join(root, 'pages/index.md'));
    await site.update([path.join(root, 'pages/index.md')]);
    expect(await out('tar.html')).toContain('<span class="site-name">Notes</span>');
    expect(await out('tar.html')).toBe(await fullBuild());
    await site.dispose();
  });
});
