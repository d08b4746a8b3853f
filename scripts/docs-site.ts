/**
 * `npm run docs:site`: the project's own docs/ as site's documentation site, built with the built-in theme and
 * checked with `site check`, as VitePress and Starlight document themselves. docs/ is read as GitHub shows it and
 * never written: docs-site/ is the site's project folder (without templates/, so the built-in theme shows it), its
 * pages/ a copy of docs/ with docs-site/site.yml, 404.md and SUMMARY.md (the sidebar's order) beside it, built into docs-site/dist/ (both ignored by git).
 * Exit code: the build's, then the check's.
 */
import { spawnSync } from 'node:child_process';
import { cp, rm } from 'node:fs/promises';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const project = path.join(root, 'docs-site');
const pages = path.join(project, 'pages');
const site = (args: string[]) =>
  spawnSync(process.execPath, [path.join(root, 'bin/site.js'), ...args], { cwd: project, stdio: 'inherit' }).status ??
  1;

// A fresh copy each time: a page removed from docs/ leaves no copy behind.
await rm(pages, { recursive: true, force: true });
await cp(path.join(root, 'docs'), pages, { recursive: true });
// What the site needs and docs/ does not have: its config, its not-found page and the order of its sidebar.
for (const file of ['site.yml', '404.md', 'SUMMARY.md']) await cp(path.join(project, file), path.join(pages, file));
const built = site(['build']);
process.exitCode = built !== 0 ? built : site(['check', '--no-build']);
