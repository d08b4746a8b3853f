/**
 * Where the theme comes from: a project's templates/ when it has one, else the engine's built-in theme; a
 * templates/ folder without its entry module is ThemeEntryMissing, naming the folder and what to do. A project's
 * theme may extend the built-in one (`site/theme`, `site/theme/styles.css`) rather than copy it.
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { build } from '../../generator/core/build';
import { startWatch } from '../../generator/dev/watch';
import { SiteError } from '../../generator/base/errors';
import { silentLogger } from '../../generator/base/logger';
import { DEFAULT_THEME_DIR } from '../../generator/base/engine-files';
import { projectPaths } from '../../generator/core/project';
import { REPO } from '../support/fixture';

let root: string;
beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'site-theme-fallback-'));
  await mkdir(path.join(root, 'pages'));
  await writeFile(path.join(root, 'pages/site.yml'), 'name: Notes\nbaseUrl: https://example.org\n');
  await writeFile(
    path.join(root, 'pages/index.md'),
    '---\ntitle: Notes\ndescription: Short notes on what I read, one page each.\ndate: 2024-05-01\ntags: [reading]\n---\n\nText.\n',
  );
});
afterEach(() => rm(root, { recursive: true, force: true }));

describe('the theme a project builds with', () => {
  it('is the built-in theme when the project has no templates/, taking frontmatter keys it does not name', async () => {
    expect(projectPaths({ root }).themeDir).toBe(DEFAULT_THEME_DIR);
    expect(DEFAULT_THEME_DIR).toBe(path.join(REPO, 'themes/default'));
    await build({ root, logger: silentLogger });
    const html = await readFile(path.join(root, 'dist/index.html'), 'utf8');
    expect(html).toContain('<a class="site-name" href="/">Notes</a>');
    expect(html).toContain('<h1 id="page-title">Notes</h1>');
  });

  it('is what site watch says it watches, and an islands/ folder not made yet is named as such', async () => {
    const said: string[] = [];
    const logger = { ...silentLogger, info: (message: string) => said.push(message) };
    const watching = await startWatch({ root, port: 0, logger, cacheDir: path.join(root, 'cache') });
    try {
      const at = (dir: string) => path.relative(process.cwd(), dir);
      expect(said).toContain(
        `Watching ${at(path.join(root, 'pages'))}, ${at(DEFAULT_THEME_DIR)}, ${at(path.join(root, 'islands'))} (once made)`,
      );
    } finally {
      await watching.close();
    }
  });

  // A folder of markdown from elsewhere (a cheat-sheet collection) often has no index.md: the built-in theme's section
  // pages give it one, which the site's name links to (a theme without them names the site without a link:
  // default-theme-content.test.ts).
  it('links the site name to the home page the build made when the site has none', async () => {
    await rm(path.join(root, 'pages/index.md'));
    await writeFile(path.join(root, 'pages/tar.md'), '# tar\n\n> Archiving utility.\n');
    await build({ root, logger: silentLogger });
    const html = await readFile(path.join(root, 'dist/tar.html'), 'utf8');
    expect(html).toContain('<a class="site-name" href="/">Notes</a>');
    expect(await readFile(path.join(root, 'dist/index.html'), 'utf8')).toContain('<a href="/tar">tar</a>');
  });

  it("is the project's templates/ when it has one", async () => {
    await mkdir(path.join(root, 'templates'));
    expect(projectPaths({ root }).themeDir).toBe(path.join(root, 'templates'));
  });

  it('is ThemeEntryMissing for a templates/ folder without index.ts, pointing at site new and the built-in theme', async () => {
    await mkdir(path.join(root, 'templates'));
    await writeFile(path.join(root, 'templates/Layout.tsx'), 'export const x = 1;\n');
    const error = await build({ root, logger: silentLogger }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(SiteError.is(error)).toBe(true);
    const siteError = error as SiteError;
    expect(siteError.kind).toBe('ThemeEntryMissing');
    expect(siteError.message).toMatch(/templates\/ has no index\.ts/);
    expect(siteError.hint).toContain('site new');
    expect(siteError.hint).toContain('remove the templates/ folder');
  });

  it('extends the built-in theme: site/theme in its templates, site/theme/styles.css in its stylesheet', async () => {
    await mkdir(path.join(root, 'templates'));
    const write = (file: string, text: string) => writeFile(path.join(root, 'templates', file), text);
    await write(
      'index.ts',
      "import type { Theme } from 'site';\nimport { theme as builtIn } from 'site/theme';\nimport { Framed } from './Framed';\n\nexport const theme: Theme = { ...builtIn, Layout: Framed, stylesheet: 'styles.css' };\n",
    );
    await write(
      'Framed.tsx',
      "import type { LayoutProps } from 'site';\nimport { Layout } from 'site/theme';\n\nexport const Framed = (props: LayoutProps) => (\n  <div className=\"framed\">\n    <Layout {...props} />\n  </div>\n);\n",
    );
    await write(
      'styles.css',
      "@import 'site/theme/styles.css';\n\n.framed {\n  border-top: 4px solid rebeccapurple;\n}\n",
    );
    await build({ root, logger: silentLogger });
    const html = await readFile(path.join(root, 'dist/index.html'), 'utf8');
    expect(html).toContain('<div class="framed"><a class="skip-link" href="#main">');
    expect(html).toContain('<h1 id="page-title">Notes</h1>');
    const stylesheet = /href="\/(assets\/site-\w+\.css)"/.exec(html)![1]!;
    const css = await readFile(path.join(root, 'dist', stylesheet), 'utf8');
    expect(css).toContain('.framed{border-top:4px solid rebeccapurple}');
    // The built-in theme's own rules, and those its stylesheet imports in turn.
    expect(css).toContain('.skip-link');
    expect(css).toContain('.markdown-alert');

    // Nothing else of the engine's folder is reachable through the name.
    for (const wrong of ['site/theme/../../package.json', 'site/theme/missing.css']) {
      await write('styles.css', `@import '${wrong}';\n`);
      const error = await build({ root, logger: silentLogger }).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(SiteError.is(error), wrong).toBe(true);
      expect((error as SiteError).message).toContain(`"${wrong}" is not a part of the built-in theme`);
    }
  });
});
