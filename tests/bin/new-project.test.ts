/**
 * `site new <dir>` as a user runs it: the project it makes, with no other file and before `npm install`, builds with
 * its own templates/ as the built-in theme builds its pages, passes `site check`, and names the engine in its package.json; a folder that is not empty is refused by name.
 */
import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteErrorsOf, type SiteError } from '../../generator/base/errors';
import { loadConfig } from '../../generator/config/config';
import { REPO } from '../support/fixture';
import { filesOf, runNode } from '../support/installs';

const SITE = path.join(REPO, 'bin/site.js');
let temp: string;

beforeAll(async () => {
  temp = await mkdtemp(path.join(os.tmpdir(), 'site-new-'));
});
afterAll(() => rm(temp, { recursive: true, force: true }));

describe('site new', () => {
  it('makes a project that builds with its own templates and passes site check', async () => {
    const made = await runNode(SITE, ['new', 'my-notes'], { cwd: temp });
    expect(made.stderr).toBe('');
    expect(made.code).toBe(0);
    const root = path.join(temp, 'my-notes');
    const files = [...(await filesOf(root)).keys()];
    expect(files).toEqual(
      expect.arrayContaining([
        'package.json',
        'pages/site.yml',
        'pages/index.md',
        'pages/guide.md',
        'pages/404.md',
        'pages/public/logo.svg',
        'templates/index.ts',
        'templates/Layout.tsx',
        'templates/styles.css',
        'tsconfig.json',
      ]),
    );
    // The theme's layout, templates and stylesheets, not the engine's scripts: its islands (which import react and
    // their runtime, bundled from the engine with its dependencies, so the project builds before npm install) and
    // its head script (index.ts names the engine's, site/theme/head.ts).
    expect(files.filter((file) => file.startsWith('templates/islands/') || file === 'templates/head.ts')).toEqual([]);
    const layoutSource = await readFile(path.join(root, 'templates/Layout.tsx'), 'utf8');
    expect(layoutSource).toContain("from 'site/theme/islands/features/theme-toggle'");
    expect(layoutSource).toContain("from 'site/theme/islands/features/search'");
    expect(await readFile(path.join(root, 'pages/site.yml'), 'utf8')).toContain('name: "My notes"');
    const manifest = JSON.parse(await readFile(path.join(root, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
    };
    // Run from a checkout of the engine, the project names the checkout.
    expect(manifest.dependencies).toEqual({ site: `file:${REPO}`, zod: expect.any(String) });

    // Before npm install (no node_modules), the copy builds the pages exactly as the built-in theme does: the
    // sidebar, the search box and the colour scheme button, their islands bundled from the engine.
    expect(existsSync(path.join(root, 'node_modules'))).toBe(false);
    const plain = path.join(temp, 'plain');
    await cp(path.join(root, 'pages'), path.join(plain, 'pages'), { recursive: true });
    const [copied, builtIn] = await Promise.all([
      runNode(SITE, ['build', '-q'], { cwd: root }),
      runNode(SITE, ['build', '-q'], { cwd: plain }),
    ]);
    expect(copied).toMatchObject({ code: 0, stderr: '' });
    expect(builtIn).toMatchObject({ code: 0, stderr: '' });
    const asCopied = await filesOf(path.join(root, 'dist'));
    expect(asCopied).toEqual(await filesOf(path.join(plain, 'dist')));
    const guide = asCopied.get('guide.html')!.toString();
    expect(guide).toContain('<nav class="sidebar"');
    expect(guide).toContain('data-island="search"');
    expect(guide).toContain('data-island="theme-toggle"');
    expect([...asCopied.keys()].some((file) => /^assets\/theme-toggle-\w+\.js$/.test(file))).toBe(true);

    // The project's own templates are the theme: an edit of them shows in the build.
    const layout = path.join(root, 'templates/Layout.tsx');
    await writeFile(layout, (await readFile(layout, 'utf8')).replace('Skip to content', 'Skip to the page'));

    const built = await runNode(SITE, ['build', '-q'], { cwd: root });
    expect(built).toMatchObject({ code: 0, stderr: '' });
    const output = await filesOf(path.join(root, 'dist'));
    expect([...output.keys()].filter((file) => file.endsWith('.html')).sort()).toEqual([
      '404.html',
      'guide.html',
      'index.html',
    ]);
    const home = output.get('index.html')!.toString();
    expect(home).toContain('Skip to the page');
    expect(home).toContain('<a class="site-name" href="/">My notes</a>');
    // A favicon from the start (without one, browsers ask for /favicon.ico on every page and get a 404), and
    // the icons and social card made from it.
    expect(home).toContain('<link rel="icon" href="/logo.svg" type="image/svg+xml"/>');
    expect([...output.keys()]).toEqual(expect.arrayContaining(['logo.svg', 'logo.png', 'apple-touch-icon.png']));
    // Strict-CSP clean: no inline script but data (JSON-LD, an island's props), no style attribute.
    expect(home.match(/<script(?![^>]*type="application\/(?:ld\+)?json")(?![^>]*src=)[^>]*>/g)).toBeNull();
    expect(home).not.toMatch(/\sstyle=/);

    const checked = await runNode(SITE, ['check', '--no-build'], { cwd: root });
    expect(checked.stdout).toContain('no broken links');
    expect(checked.code).toBe(0);
  }, 180_000);

  it('refuses a folder that is not empty, naming what it holds, and writes nothing', async () => {
    const root = path.join(temp, 'taken');
    await mkdir(root);
    await writeFile(path.join(root, 'notes.txt'), 'mine');
    const made = await runNode(SITE, ['new', 'taken'], { cwd: temp });
    expect(made.code).toBe(1);
    expect(made.stderr).toContain('ProjectFolderNotEmpty');
    expect(made.stderr).toContain('taken/ already holds notes.txt');
    expect([...(await filesOf(root)).keys()]).toEqual(['notes.txt']);
  });

  it('refuses a file in place of the folder, and leaves it as it was', async () => {
    const file = path.join(temp, 'taken.txt');
    await writeFile(file, 'mine');
    const made = await runNode(SITE, ['new', 'taken.txt'], { cwd: temp });
    expect(made.code).toBe(1);
    expect(made.stderr).toContain('ProjectFolderIsFile');
    expect(made.stderr).toContain('taken.txt is a file, not a folder');
    expect(await readFile(file, 'utf8')).toBe('mine');
  });

  it('names a symbolic link in place of the folder, a dangling one too, and writes nothing', async () => {
    const link = path.join(temp, 'dangling');
    await symlink(path.join(temp, 'nowhere'), link);
    const made = await runNode(SITE, ['new', 'dangling'], { cwd: temp });
    expect(made.code).toBe(1);
    expect(made.stderr).toContain('ProjectFolderIsLink');
    expect(made.stderr).toContain(`dangling is a symbolic link (to ${path.join(temp, 'nowhere')})`);
    expect(made.stderr).not.toContain('SystemError');
    expect(existsSync(path.join(temp, 'nowhere'))).toBe(false);
  });

  it('refuses what a build would refuse in site.yml, in the build’s words, naming the option, and writes nothing', async () => {
    const long = 'a'.repeat(80);
    const folder = 'b'.repeat(73);
    const cases: [string[], string, string, string][] = [
      [
        ['new', 'bad-url', '--base-url', 'javascript:alert(1)'],
        'bad-url',
        'InvalidBaseUrl',
        'baseUrl: javascript:alert(1)',
      ],
      [['new', 'long-name', '--name', long], 'long-name', 'InvalidOption', `name: ${long}`],
      [['new', folder], folder, 'InvalidOption', `name: B${'b'.repeat(72)}`],
    ];
    for (const [args, dir, kind, field] of cases) {
      const made = await runNode(SITE, args, { cwd: temp });
      expect(made.code, dir).toBe(1);
      expect(made.stderr, dir).toContain(`✖ ${kind}`);
      expect(existsSync(path.join(temp, dir)), dir).toBe(false);
      // The build's message for the same value in site.yml: its problem is the option's.
      const pages = await mkdtemp(path.join(temp, 'pages-'));
      await writeFile(
        path.join(pages, 'site.yml'),
        `${field}\n${field.startsWith('name') ? 'baseUrl: https://example.org' : 'name: A site'}\n`,
      );
      const built = await loadConfig(pages, pages).catch((error: unknown) => siteErrorsOf(error)[0]!);
      expect(built, dir).toMatchObject({ kind: 'InvalidConfig' });
      const problem = (built as SiteError).message.replace(/^\w+: /, '');
      expect(made.stderr, dir).toContain(problem);
    }
  });
});
