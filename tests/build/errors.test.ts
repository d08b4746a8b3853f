/**
 * Bad input gets a clear error naming the file, the field and what was
 * expected, and a failed build leaves the previous output exactly as it was.
 */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { spareOf } from '../../generator/output/write-site';
import { siteErrorsOf, type SiteError } from '../../generator/base/errors';
import { snapshotDir, tempSite, type TempSite } from '../support/fixture';

let site: TempSite;
let before: Record<string, string>;

beforeEach(async () => {
  site = await tempSite('basic');
  await site.build();
  before = await snapshotDir(site.outDir);
});
afterEach(() => site.cleanup());

async function failingBuild(): Promise<SiteError[]> {
  const error = await site.build().then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error, 'the build should have failed').toBeDefined();
  const errors = siteErrorsOf(error);
  expect(errors.length, `not a SiteError: ${String(error)}`).toBeGreaterThan(0);
  expect(await snapshotDir(site.outDir), 'previous dist/ must be untouched').toEqual(before);
  return errors;
}

describe('a failed build names the problem and keeps the previous output', () => {
  it('malformed YAML', async () => {
    await site.write('about.md', '---\ntitle: About\ndescription: [unclosed, list\n---\nBody\n');
    const [error] = await failingBuild();
    expect(error).toMatchObject({ kind: 'MalformedYaml', file: expect.stringMatching(/about\.md$/) });
    expect(error!.line).toBeGreaterThanOrEqual(3);
  });

  it('a missing required field', async () => {
    await site.edit('about.md', /^description: .*\n/m, '');
    const [error] = await failingBuild();
    expect(error).toMatchObject({
      kind: 'InvalidFrontmatter',
      field: 'description',
      file: expect.stringMatching(/about\.md$/),
    });
  });

  it('an unknown key (a misspelt field)', async () => {
    await site.edit('about.md', 'keywords:', 'keywrods:');
    const [error] = await failingBuild();
    expect(error).toMatchObject({ kind: 'UnknownFrontmatterKey', field: 'keywrods', line: 4 });
    expect(error!.message).toMatch(/unknown key/);
  });

  it('a title too long for search results once the site name is appended: a warning naming the config field, not an error', async () => {
    await site.edit(
      'about.md',
      'title: About Fixture Co',
      'title: About Fixture Co, the company that exists only to be built',
    );
    const result = await site.build();
    const long = result.warnings.filter((w) => w.kind === 'LongTitles');
    expect(long).toHaveLength(1);
    expect(long[0]!.message).toMatch(
      /^1 page title is longer than 70 characters with " \| Fixture Co" appended \(the site's name in .*site\.yml\): .*about\.md \(71\)$/,
    );
    expect(result.pages.find((p) => p.route === '/about')!.title).toBe(
      'About Fixture Co, the company that exists only to be built',
    );
  });

  it('an unknown template', async () => {
    await site.edit('about.md', 'title:', 'template: brochure\ntitle:');
    const [error] = await failingBuild();
    expect(error).toMatchObject({ kind: 'UnknownTemplate', field: 'template', line: 2 });
    expect(error!.message).toContain('brochure');
    expect(error!.message).toContain('prose');
  });

  it('a duplicate route, naming both files', async () => {
    await site.write(
      'dupe.md',
      '---\ntitle: Dupe\ndescription: Claims the about route through its slug field.\nslug: about\n---\n',
    );
    const [error] = await failingBuild();
    expect(error).toMatchObject({ kind: 'DuplicateRoute', field: 'slug' });
    expect(error!.message).toMatch(/about\.md and .*dupe\.md both claim the route \/about/);
  });

  it('a route that would escape the output folder', async () => {
    await site.write(
      'evil.md',
      '---\ntitle: Evil\ndescription: Tries to write outside the output folder.\nslug: ../../escaped\n---\n',
    );
    const [error] = await failingBuild();
    expect(error).toMatchObject({ kind: 'UnsafeRoute', field: 'slug', file: expect.stringMatching(/evil\.md$/) });
  });

  it('a template that throws while rendering', async () => {
    // The contact section reads a set of hours that the config does not have.
    await site.write(
      'hours.md',
      '---\ntemplate: page\ntitle: Hours\ndescription: A page whose section refers to hours the config lacks.\nhero: { title: Hours, lead: Lead text }\nsections:\n  - type: contact\n    title: Contact\n    hours: weekend\n    hoursTitle: Hours\n    form: { id: f, subject: S, submit: Send, fields: [{ name: email, label: Email, type: email }] }\n---\n',
    );
    const [error] = await failingBuild();
    expect(error).toMatchObject({ kind: 'RenderFailure', title: 'Unexpected Application Error!', field: 'template' });
    expect(error!.message).toContain('"page"');
    expect(error!.message).toContain('/hours');
    expect(error!.message).toContain('weekend');
  });

  it('an invalid config value', async () => {
    await site.edit('site.yml', 'locale: en_NG', 'locale: Nigeria');
    const [error] = await failingBuild();
    expect(error).toMatchObject({
      kind: 'InvalidConfig',
      field: 'locale',
      file: expect.stringMatching(/site\.yml$/),
      line: 7,
    });
    expect(error!.message).toMatch(/a locale like en_US/);
  });

  it('a missing config value', async () => {
    await site.edit('site.yml', /^tagline: .*\n/m, '');
    const [error] = await failingBuild();
    expect(error).toMatchObject({ kind: 'InvalidConfig', field: 'tagline' });
  });

  it('a planned route that now has a page', async () => {
    await site.write(
      'press.md',
      '---\ntitle: Press\ndescription: The press page now exists, so it is no longer planned.\n---\n',
    );
    const [error] = await failingBuild();
    expect(error).toMatchObject({
      kind: 'PlannedRouteHasPage',
      field: 'plannedRoutes',
      file: expect.stringMatching(/site\.yml$/),
    });
    expect(error!.message).toContain('/press now has a page');
  });

  it('a broken internal link', async () => {
    await site.edit('index.md', '(/about)', '(/abuot)');
    const [error] = await failingBuild();
    expect(error).toMatchObject({ kind: 'BrokenLink', field: '/abuot', file: expect.stringMatching(/index\.md$/) });
  });

  it('a link to an anchor that does not exist', async () => {
    await site.edit('site.yml', '/services#training', '/services#trainig');
    const errors = await failingBuild();
    expect(errors[0]).toMatchObject({ kind: 'BrokenLink', field: '/services#trainig' });
  });

  it('a page that cannot be written', async () => {
    // The recycled staging folder holds a file where a page needs a folder: the page cannot be written there.
    const spare = spareOf(site.outDir);
    await rm(spare, { recursive: true, force: true });
    await mkdir(spare, { recursive: true });
    await writeFile(path.join(spare, 'services'), 'in the way');
    // Marked as a build's own file (output-folder.ts), so the build recycles it rather than refusing the spare.
    await writeFile(path.join(spare, '.site-output.json'), JSON.stringify({ generator: 'site', files: ['services'] }));
    const [error] = await failingBuild();
    expect(error).toMatchObject({
      kind: 'WriteFailed',
      file: expect.stringMatching(/services[\\/](audits|index)\.md$/),
    });
    expect(error!.message).toMatch(/^Could not write services\//);
  });

  it('reports every invalid page at once', async () => {
    await site.edit('about.md', 'keywords:', 'keywrods:');
    await site.edit('index.md', /^title: .*\n/m, '');
    const errors = await failingBuild();
    expect(errors.map((e) => [e.kind, e.field]).sort()).toEqual([
      ['InvalidFrontmatter', 'title'],
      ['UnknownFrontmatterKey', 'keywrods'],
    ]);
  });
});
