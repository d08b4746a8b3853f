/**
 * The render pool (generator/load/render-pool.ts): a build whose markdown is parsed and rendered on this thread and
 * a worker together writes the same bytes as a build on this thread alone, file for file, and reports the same
 * errors, in the same order, with the same file, line, field, message and hint. The pages are what people bring:
 * cheat sheets, a documentation site, code in eight languages, a big changelog, and pages that use every piece of
 * syntax the engine adds (tokens, containers, alerts, emoji, footnotes, a SUMMARY.md, a README.md, a title's id).
 */
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../../generator/core/build';
import { silentLogger } from '../../generator/base/logger';
import { siteErrorsOf } from '../../generator/base/errors';
import { changelog, writeCheatSheets, writeCodePages, writeDocsSite } from '../../scripts/lib/markdown-collections';

let temp: string;
beforeAll(async () => {
  temp = await mkdtemp(path.join(os.tmpdir(), 'site-render-pool-'));
});
afterAll(() => rm(temp, { recursive: true, force: true }));

/** Pages that use what the engine adds to markdown: each is rendered by whichever thread takes it. */
const FEATURES: Record<string, string> = {
  'features/tokens.md': '---\ntitle: Tokens\n---\n\nThis is {{ site.name }}, at {{ site.baseUrl }}.\n',
  'features/containers.md':
    '# Containers {#top}\n\n::: tip Remember\nA tip with **bold** text.\n:::\n\n> [!WARNING]\n> An alert.\n\n!!! note\n    An admonition.\n',
  'features/emoji.md': '# Emoji\n\nShip it :rocket: and :constructor: stays as written.\n',
  'features/footnotes.md': '# Footnotes\n\nA claim.[^1]\n\n[^1]: Its source.\n\n| a | b |\n|---|---|\n| 1 | 2 |\n',
  'features/raw.md':
    '# Raw HTML\n\n<details><summary>More</summary>\n\nHidden *text*.\n\n</details>\n\n<kbd>Ctrl</kbd>\n',
  'features/other-tools.md': '# Liquid\n\n{% include note.html %} and {{ page.title }} stay as written.\n',
  'book/SUMMARY.md': '# Summary\n\n- [Intro](./intro.md)\n- [Setup](./setup/README.md)\n',
  'book/intro.md': '# Intro\n\nSee [setup](./setup/README.md).\n',
  'book/setup/README.md': '# Setup\n\nBack to the [intro](../intro.md).\n',
};

/** A project of several collections (each over a few hundred pages in all: enough for the pool to start). */
async function writeProject(root: string, extra: Record<string, string> = {}): Promise<void> {
  const pages = path.join(root, 'pages');
  await writeCheatSheets(path.join(pages, 'sheets'), 180);
  await writeDocsSite(path.join(pages, 'guide'));
  await writeCodePages(path.join(pages, 'code'), 120);
  for (const folder of ['sheets', 'guide', 'code']) await rm(path.join(pages, folder, 'site.yml'));
  await writeFile(path.join(pages, 'site.yml'), 'name: Pooled\nbaseUrl: https://pooled.example.org\n');
  await writeFile(path.join(pages, 'changelog.md'), changelog(80 * 1024));
  for (const [file, text] of Object.entries({ ...FEATURES, ...extra })) {
    await mkdir(path.dirname(path.join(pages, file)), { recursive: true });
    await writeFile(path.join(pages, file), text);
  }
}

/** Builds `root` cold (a cache folder and output of its own) with `workers` worker threads. */
const buildWith = (root: string, workers: number) =>
  build({
    root,
    outDir: path.join(root, `dist-${workers}`),
    cacheDir: path.join(root, `cache-${workers}`),
    workers,
    logger: silentLogger,
  });

/** Every file of a folder, by path, with its bytes. */
async function filesOf(dir: string): Promise<Map<string, Buffer>> {
  const files = new Map<string, Buffer>();
  for (const entry of (await readdir(dir, { recursive: true, withFileTypes: true })).filter((e) => e.isFile())) {
    const file = path.relative(dir, path.join(entry.parentPath, entry.name));
    files.set(file, await readFile(path.join(dir, file)));
  }
  return files;
}

describe('a build on two threads', () => {
  it('writes the same bytes as a build on one', async () => {
    const root = path.join(temp, 'same');
    await writeProject(root);
    const one = await buildWith(root, 0);
    const two = await buildWith(root, 1);
    expect(one.content).toMatchObject({ rendered: two.content.rendered, threads: 1 });
    // The pool ran: a worker rendered pages beside this thread.
    expect(two.content.threads).toBe(2);
    const [alone, pooled] = await Promise.all([filesOf(one.outDir), filesOf(two.outDir)]);
    expect([...pooled.keys()].sort()).toEqual([...alone.keys()].sort());
    expect(alone.size).toBeGreaterThan(300);
    const differ = [...alone].filter(([file, bytes]) => !bytes.equals(pooled.get(file)!)).map(([file]) => file);
    expect(differ).toEqual([]);
  }, 240_000);

  it("reports every page's errors as one thread does, in the same order", async () => {
    const root = path.join(temp, 'errors');
    const bad: Record<string, string> = {
      'bad/yaml.md': '---\ntitle: [unclosed\n---\n\nBody.\n',
      'bad/token.md': '---\ntitle: Token\n---\n\nThis is {{ site.nope }}.\n',
      'bad/empty.md': '',
      'bad/unclosed.md': '---\ntitle: No end\n\nBody.\n',
      'bad/field.md': '---\ntitle: 42\n---\n\nBody.\n',
      'sheets/zz-late.md': '---\ndescription: [1, 2\n---\n\nLate.\n',
    };
    await writeProject(root, bad);
    await writeFile(path.join(root, 'pages', 'bad', 'latin1.md'), Buffer.from([0x23, 0x20, 0xe9, 0x0a]));
    const errorsOf = (workers: number) =>
      buildWith(root, workers).then(
        () => expect.unreachable('the build should fail'),
        (error: unknown) =>
          siteErrorsOf(error).map(({ kind, file, line, column, field, message, hint }) => ({
            kind,
            file,
            line,
            column,
            field,
            message,
            hint,
          })),
      );
    const alone = await errorsOf(0);
    expect(alone.length).toBeGreaterThanOrEqual(6);
    expect(await errorsOf(1)).toEqual(alone);
  }, 240_000);
});
