/**
 * A theme's islandSourceEdits in watch: an update that changes them bundles the islands again, so the output is a
 * full build's with the edits as they are now (core/load-update.ts counts them among the theme's asset fields).
 */
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Site } from '../../generator/core/site';
import { silentLogger } from '../../generator/base/logger';
import { snapshotDir } from '../support/fixture';
import { fullBuildInto } from '../support/full-build';

let root: string;
const theme = (edits: string) => `import type { Theme } from 'site';
import { theme as builtIn } from 'site/theme';

export const theme: Theme = { ...builtIn, stylesheet: 'styles.css', islandSourceEdits: ${edits} };
`;
const CUT = "[{ file: 'toasty/dist/index.mjs', find: 'insertCSS(\"[data-toasty]{position:fixed}\");', replace: '' }]";
/** The islands' scripts of an output folder, joined. */
const scripts = async (outDir: string) => {
  const assets = path.join(outDir, 'assets');
  const files = (await readdir(assets)).filter((file) => file.endsWith('.js'));
  return (await Promise.all(files.map((file) => readFile(path.join(assets, file), 'utf8')))).join('\n');
};

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'watch-source-edits-'));
  await mkdir(path.join(root, 'pages'));
  await writeFile(path.join(root, 'pages/site.yml'), 'name: Edits\nbaseUrl: https://edits.example.org\n');
  await writeFile(path.join(root, 'pages/index.md'), '# Home\n\nA page.\n');
  await mkdir(path.join(root, 'templates'));
  await writeFile(path.join(root, 'templates/styles.css'), "@import 'site/theme/styles.css';\n");
  await writeFile(path.join(root, 'templates/index.ts'), theme(CUT));
  await mkdir(path.join(root, 'islands'));
  await writeFile(
    path.join(root, 'islands/toast.ts'),
    "import { toast } from 'toasty';\nexport function hydrate() { toast('hello'); }\n",
  );
  const pkg = path.join(root, 'node_modules/toasty');
  await mkdir(path.join(pkg, 'dist'), { recursive: true });
  await writeFile(
    path.join(pkg, 'package.json'),
    JSON.stringify({ name: 'toasty', type: 'module', exports: { '.': './dist/index.mjs' } }),
  );
  await writeFile(
    path.join(pkg, 'dist/index.mjs'),
    'function insertCSS(code) { const s = document.createElement("style"); s.type = "text/css"; s.textContent = code; document.head.appendChild(s); }\ninsertCSS("[data-toasty]{position:fixed}");\nexport const toast = (text) => { document.body.dataset.toast = text; };\n',
  );
}, 60_000);
afterAll(() => rm(root, { recursive: true, force: true }));

describe('islandSourceEdits in watch', () => {
  it('a theme that stops cutting a package bundles the islands again, as a full build does', async () => {
    const site = new Site({ root, incremental: true, logger: silentLogger });
    try {
      await site.update('all');
      await site.commit();
      expect(await scripts(path.join(root, 'dist'))).not.toContain('[data-toasty]');
      const themeFile = path.join(root, 'templates/index.ts');
      await writeFile(themeFile, theme('[]'));
      await site.update([themeFile]);
      expect(await scripts(path.join(root, 'dist'))).toContain('[data-toasty]');
      const full = path.join(root, 'dist-full');
      await fullBuildInto({ root, outDir: full, logger: silentLogger });
      // Watch keeps the bundles it replaced (a page open in a browser may still ask for them), and lists them in the
      // folder's record of what it wrote: every other file of the full build is in the watch's output as the full
      // build has it, and the only others are earlier bundles.
      const [watched, built] = [await snapshotDir(path.join(root, 'dist')), await snapshotDir(full)];
      delete watched['.site-output.json'];
      delete built['.site-output.json'];
      expect(Object.fromEntries(Object.keys(built).map((file) => [file, watched[file]]))).toEqual(built);
      expect(Object.keys(watched).filter((file) => !(file in built) && !file.startsWith('assets/'))).toEqual([]);
    } finally {
      await site.dispose();
    }
  }, 120_000);
});
