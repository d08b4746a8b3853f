/**
 * A watch update's warnings about pages (titles too long, misspelt keys, unknown code languages, other tools' syntax,
 * a missing home or not-found page) are a full build's of the same files: each update looks again only at the pages
 * it set or deleted (core/page-warnings.ts, PageFlags), and names the pages by file whatever order it holds them in.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { Site } from '../../generator/core/site';
import { silentLogger } from '../../generator/base/logger';
import { buildOnce } from '../support/full-build';

let root: string;
beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'site-watch-warnings-'));
  await mkdir(path.join(root, 'pages'));
});
afterEach(() => rm(root, { recursive: true, force: true }));

const file = (name: string) => path.join(root, 'pages', name);
const write = (name: string, text: string) => writeFile(file(name), text);
const KINDS = new Set([
  'LongTitles',
  'NearMissKey',
  'UnknownCodeLanguage',
  'OtherToolSyntax',
  'NoHomePage',
  'NoNotFoundPage',
]);
const pageWarningsOf = (result: { warnings: { kind: string; message: string }[] }) =>
  result.warnings.filter((warning) => KINDS.has(warning.kind)).map((warning) => `${warning.kind}: ${warning.message}`);
const LONG = 'A title long enough that with the name of the site after it no search result shows it whole';

it("gives each update's page warnings as a full build of the same files gives them", async () => {
  await write('site.yml', 'name: Notes\nbaseUrl: https://notes.example.org\n');
  await write('index.md', '# Notes\n');
  await write('404.md', '---\ntemplate: not-found\n---\n# Not found\n');
  for (const name of ['a', 'b', 'c', 'd']) await write(`${name}.md`, `# ${name}\n\nText.\n`);
  const site = new Site({ root, logger: silentLogger, incremental: true, cacheDir: path.join(root, '.cache') });
  const edits: [string, string | null][][] = [
    [['a.md', `---\ntitle: ${LONG}\n---\n\nText.\n`]],
    [['b.md', '# b\n\n```nosuchlang\nx\n```\n']],
    [['c.md', '---\ntitle: C\ndescripton: Meant as the description.\n---\n\nText.\n']],
    [['d.md', '# d\n\n{{< figure src="chart.png" >}}\n']],
    [['index.md', null]],
    [['0.md', `---\ntitle: ${LONG} too\n---\n\nText.\n`]],
    [['index.md', '# Notes\n\n```nosuchlang\ny\n```\n']],
    [['404.md', null]],
    [
      ['a.md', '# a\n\nShorter now.\n'],
      ['e.md', `---\ntitle: ${LONG} as well\n---\n\n{{< figure src="e.png" >}}\n`],
    ],
    [['b.md', null]],
    [['c.md', '---\ntitle: C\ndescription: Spelt right.\n---\n\nText.\n']],
  ];
  try {
    await site.update('all');
    await site.commit();
    let step = 0;
    for (const edit of edits) {
      step++;
      for (const [name, text] of edit) await (text === null ? rm(file(name)) : write(name, text));
      const watched = pageWarningsOf(await site.update(edit.map(([name]) => file(name))));
      const full = await buildOnce({
        root,
        outDir: path.join(root, `full-${step}`),
        cacheDir: path.join(root, `.cache-full-${step}`),
        logger: silentLogger,
      });
      expect(watched, `after edit ${step}`).toEqual(pageWarningsOf(full));
    }
    // The edits above made each kind of warning come and go.
    expect(step).toBe(edits.length);
  } finally {
    await site.dispose();
  }
});
