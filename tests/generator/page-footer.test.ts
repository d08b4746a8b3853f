/**
 * The foot of the built-in theme's pages: `editUrl` links each page read from a file to its source (each name of its
 * path URL-encoded), and `lastUpdated: git` shows each page's last commit date, read with one `git log` whatever the
 * number of pages, none for a page that differs from its last commit or is not in git; in watch, an edit or a commit
 * re-renders exactly the pages whose date changed, as a full build writes them.
 */
import { execFileSync } from 'node:child_process';
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Site } from '../../generator/core/site';
import { silentLogger } from '../../generator/base/logger';
import { siteErrorsOf } from '../../generator/base/errors';
import { loadConfig } from '../../generator/config/config';
import { fullBuildInto } from '../support/full-build';
import { GitDates } from '../../generator/load/git-dates';

let root: string;
beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'site-foot-'));
  await mkdir(path.join(root, 'pages'));
});
afterEach(() => rm(root, { recursive: true, force: true }));

const write = async (file: string, text: string) => {
  await mkdir(path.dirname(path.join(root, 'pages', file)), { recursive: true });
  await writeFile(path.join(root, 'pages', file), text);
};
const out = (file: string, dir = path.join(root, 'dist')) => readFile(path.join(dir, file), 'utf8');
const footerOf = (html: string) => /<footer class="page-footer">[\s\S]*?<\/footer>/.exec(html)?.[0];
const build = async (site = new Site({ root, logger: silentLogger })) => {
  await site.update('all');
  await site.commit();
  return site;
};

/** Runs git in the project, with commits dated `date` (author and committer) and no user config. */
const git = (args: string[], date = '2024-03-01T10:00:00Z') =>
  execFileSync('git', args, {
    cwd: root,
    env: {
      ...process.env,
      GIT_CONFIG_GLOBAL: '/dev/null',
      GIT_CONFIG_NOSYSTEM: '1',
      GIT_AUTHOR_NAME: 'A',
      GIT_AUTHOR_EMAIL: 'a@example.org',
      GIT_COMMITTER_NAME: 'A',
      GIT_COMMITTER_EMAIL: 'a@example.org',
      GIT_AUTHOR_DATE: date,
      GIT_COMMITTER_DATE: date,
    },
  });
const commitAll = (date: string) => {
  git(['add', '-A']);
  git(['commit', '-q', '-m', `at ${date}`], date);
};

describe('editUrl', () => {
  it('links each page read from a file to its source, each name URL-encoded; a generated page has no link', async () => {
    await write(
      'site.yml',
      'name: Handbook\nbaseUrl: https://example.org\neditUrl: https://github.com/o/r/edit/main/pages/\n',
    );
    await write('index.md', '# Handbook\n');
    await write('guide/set up #1.md', '# Setup\n');
    await write('recipes/caching.md', '# Caching\n');
    await build();
    expect(footerOf(await out('index.html'))).toContain(
      '<a class="edit-link" href="https://github.com/o/r/edit/main/pages/index.md">Edit this page</a>',
    );
    expect(footerOf(await out('guide/set up #1.html'))).toContain(
      'href="https://github.com/o/r/edit/main/pages/guide/set%20up%20%231.md"',
    );
    // The section page the engine makes for recipes/ has no file to edit.
    expect(footerOf(await out('recipes.html'))).toBeUndefined();
  });

  it('is an absolute https URL, like the other URL fields', async () => {
    for (const bad of ['javascript:alert(1)', 'http://example.org/edit/', '/edit/', 'https://a b.org/']) {
      await write('site.yml', `name: S\nbaseUrl: https://example.org\neditUrl: ${JSON.stringify(bad)}\n`);
      const errors = siteErrorsOf(await loadConfig(path.join(root, 'pages'), root).catch((e: unknown) => e));
      expect(errors.length, bad).toBeGreaterThan(0);
      for (const error of errors) expect([error.kind, error.field]).toEqual(['InvalidConfig', 'editUrl']);
    }
  });
});

describe('lastUpdated: git', () => {
  beforeEach(async () => {
    git(['init', '-q']);
    await writeFile(path.join(root, '.gitignore'), 'dist/\nnode_modules/\nbin/\ncalls\n');
    await write('site.yml', 'name: Handbook\nbaseUrl: https://example.org\nlastUpdated: git\n');
    await write('index.md', '# Handbook\n');
    await write('a.md', '# A\n');
    await write('b.md', '# B\n');
    commitAll('2024-03-01T10:00:00Z');
    await write('a.md', '# A\n\nMore.\n');
    commitAll('2024-05-02T11:00:00Z');
  });

  it('shows each committed page its last commit, none for a page changed since or not in git', async () => {
    await write('b.md', '# B\n\nNot committed.\n');
    await write('new.md', '# New\n');
    await write('index.md', '# Handbook\n\nStaged only.\n');
    git(['add', 'pages/index.md']);
    await build();
    expect(footerOf(await out('a.html'))).toContain(
      '<p class="last-updated">Last updated <time dateTime="2024-05-02T11:00:00+00:00">May 2, 2024</time></p>',
    );
    expect(footerOf(await out('b.html'))).toBeUndefined();
    expect(footerOf(await out('new.html'))).toBeUndefined();
    expect(footerOf(await out('index.html'))).toBeUndefined();
  });

  it('is off without the field, and none outside a repository', async () => {
    await write('site.yml', 'name: Handbook\nbaseUrl: https://example.org\n');
    await build();
    expect(await out('a.html')).not.toContain('last-updated');
    await rm(path.join(root, '.git'), { recursive: true });
    await write('site.yml', 'name: Handbook\nbaseUrl: https://example.org\nlastUpdated: git\n');
    await build();
    expect(await out('a.html')).not.toContain('last-updated');
  });

  it('reads the history with one git log whatever the number of pages', async () => {
    for (let i = 0; i < 40; i++) await write(`many/p${i}.md`, `# P${i}\n`);
    commitAll('2024-06-01T00:00:00Z');
    // A git on the PATH that records each command it is given, then runs the real one.
    const bin = path.join(root, 'bin');
    await mkdir(bin);
    const real = execFileSync('sh', ['-c', 'command -v git'], { encoding: 'utf8' }).trim();
    const calls = path.join(root, 'calls');
    await writeFile(path.join(bin, 'git'), `#!/bin/sh\necho "$*" >> '${calls}'\nexec '${real}' "$@"\n`);
    await chmod(path.join(bin, 'git'), 0o755);
    const before = process.env.PATH;
    process.env.PATH = `${bin}${path.delimiter}${before}`;
    try {
      await build();
    } finally {
      process.env.PATH = before;
    }
    const logged = (await readFile(calls, 'utf8')).trim().split('\n');
    expect(logged.filter((line) => / log /.test(` ${line} `))).toHaveLength(1);
    expect(logged).toHaveLength(3); // rev-parse, log, status
    expect(await out('many/p39.html')).toContain('<time dateTime="2024-06-01T00:00:00+00:00">');
  });

  it('gives the same dates while HEAD and the files that differ from it are the same, new ones when either moves', async () => {
    const dates = new GitDates(path.join(root, 'pages'));
    const first = await dates.read();
    expect(first.get('a.md')).toBe('2024-05-02T11:00:00+00:00');
    expect(await dates.read()).toBe(first);
    await write('a.md', '# A\n\nEdited.\n');
    const edited = await dates.read();
    expect(edited).not.toBe(first);
    expect(edited.has('a.md')).toBe(false);
    await write('a.md', '# A\n\nEdited again.\n');
    expect(await dates.read()).toBe(edited);
    commitAll('2024-07-03T12:00:00Z');
    const committed = await dates.read();
    expect(committed).not.toBe(edited);
    expect(committed.get('a.md')).toBe('2024-07-03T12:00:00+00:00');
  });

  it('in watch, re-renders exactly the pages whose date an edit or a commit changed, as a full build writes them', async () => {
    const site = await build(new Site({ root, logger: silentLogger, incremental: true }));
    try {
      expect(await out('a.html')).toContain('<time dateTime="2024-05-02T11:00:00+00:00">');
      // An edit makes a.md differ from its commit: its date goes.
      await write('a.md', '# A\n\nEdited.\n');
      let result = await site.update([path.join(root, 'pages/a.md')]);
      expect(result.routes).toEqual(['/a']);
      expect(await out('a.html')).not.toContain('last-updated');
      // Edited again, the same files differ from the same HEAD: the dates are those the pages carry, and only the
      // page read again is dated with them.
      await write('a.md', '# A\n\nEdited again.\n');
      result = await site.update([path.join(root, 'pages/a.md')]);
      expect(result.routes).toEqual(['/a']);
      expect(await out('a.html')).toContain('Edited again.');
      expect(await out('a.html')).not.toContain('last-updated');
      expect(await out('b.html')).toContain('<time dateTime="2024-03-01T10:00:00+00:00">');
      // A commit (no file event of its own) shows at the next update: a.md's date comes back, moved.
      commitAll('2024-07-03T12:00:00Z');
      await write('index.md', '# Handbook\n\nEdited.\n');
      result = await site.update([path.join(root, 'pages/index.md')]);
      expect(result.routes.sort()).toEqual(['/', '/a']);
      expect(await out('a.html')).toContain('<time dateTime="2024-07-03T12:00:00+00:00">');
      expect(await out('index.html')).not.toContain('last-updated');
    } finally {
      await site.dispose();
    }
    const full = await mkdtemp(path.join(os.tmpdir(), 'site-foot-full-'));
    try {
      await fullBuildInto({
        root,
        outDir: path.join(full, 'out'),
        cacheDir: path.join(full, 'cache'),
        logger: silentLogger,
      });
      for (const file of ['a.html', 'b.html', 'index.html'])
        expect(await out(file, path.join(full, 'out')), file).toBe(await out(file));
    } finally {
      await rm(full, { recursive: true, force: true });
    }
  });
});
