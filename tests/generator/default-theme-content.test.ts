/**
 * What a new user's content meets with the built-in theme, whose prose template takes other keys as data: a misspelt
 * key is a warning naming the file, line and field with "did you mean", in a full build and in a watch update.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
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
    expect(result.warnings.map((warning) => warning.message).join('\n')).not.toMatch(/sidebar|name/);
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
