/**
 * Anchors as browsers see them (issue 42): `<a name>` and `<a id>` in raw HTML, kramdown's `{: #id}` on the line
 * after a heading, and the id a page's title heading names (`# One big page {#top}`) are link targets, so links to
 * them are no BrokenLink; the attribute list line is not shown.
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Site } from '../../generator/core/site';
import { buildOnce } from '../support/full-build';

const SITE: Record<string, string> = {
  // brokenLinks: warn, so that a link this engine failed to honour is a warning each test can look for.
  'site.yml': 'name: Anchors\nbaseUrl: https://anchors.example.org\nbrokenLinks: warn\n',
  'index.md': [
    '# One big page {#top}',
    '',
    'Intro: [step](#step1), [kramdown](#kram-id), [x](#x), [top](#top), [install](guide.md#inst),',
    '[guide top](guide.md#start).',
    '',
    '## <a name="step1"></a> Step one',
    '',
    '## Kramdown heading',
    '{: #kram-id}',
    '',
    '<div><a id="x"></a></div>',
    '',
  ].join('\n'),
  'guide.md': ['# Guide', '{: #start}', '', 'The guide.', '', '<a name="inst"></a>', 'Install it.', ''].join('\n'),
};

let root: string;
beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'site-other-tools-anchors-'));
  for (const [file, text] of Object.entries(SITE)) {
    await mkdir(path.dirname(path.join(root, 'pages', file)), { recursive: true });
    await writeFile(path.join(root, 'pages', file), text);
  }
});
afterAll(() => rm(root, { recursive: true, force: true }));

let result: Awaited<ReturnType<Site['update']>>;
let home: string;
let guide: string;
beforeAll(async () => {
  result = await buildOnce({ root, outDir: path.join(root, 'dist') });
  home = await readFile(path.join(root, 'dist/index.html'), 'utf8');
  guide = await readFile(path.join(root, 'dist/guide.html'), 'utf8');
});

describe('anchors written for GitHub, kramdown and Pandoc', () => {
  const broken = () => result.warnings.filter((w) => w.kind === 'BrokenLinkAllowed').map((w) => w.message);
  it('builds with no broken link', () => {
    expect(broken()).toEqual([]);
  });

  it('makes <a name> the id it stands for', () => {
    expect(broken().filter((message) => /step1|inst/.test(message))).toEqual([]);
    expect(home).toContain('<a id="step1"></a>');
    expect(guide).toContain('<a id="inst"></a>');
    expect(home).not.toContain('user-content-step1');
  });

  it("gives a heading the id of kramdown's attribute list under it, and does not show the list", () => {
    expect(broken().filter((message) => message.includes('kram-id'))).toEqual([]);
    expect(home).toMatch(/<h2 id="kram-id">Kramdown heading<\/h2>/);
    expect(home).not.toContain('{: #');
  });

  it("keeps the title heading's own id as a target, out of the title and the description", () => {
    expect(broken().filter((message) => /#top|#start/.test(message))).toEqual([]);
    expect(home).toContain('<a id="top"></a>');
    expect(home).not.toContain('{#top}');
    expect(result.pages.find((page) => page.route === '/')?.title).toBe('One big page');
    expect(guide).toContain('<a id="start"></a>');
    expect(guide).not.toContain('{: #');
    expect(guide).toContain('<meta name="description" content="The guide."/>');
  });
});
