/**
 * The error catalogue: every kind's title, message and hint live in
 * generator/base/errors-data.ts and its domains (generator/base/errors/), call sites give only the facts, and whatever is
 * thrown reaches the user as a catalogued error (never a raw Node error).
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatError } from '../../bin/format-error';
import { catalogued, ErrorKinds, SiteError, SiteErrors, SiteWarning, WarningKinds } from '../../generator/base/errors';
import { REPO } from '../support/fixture';

async function sourcesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile() && /\.(ts|tsx|js)$/.test(e.name)).map((e) => path.join(e.parentPath, e.name));
}

describe('the catalogue', () => {
  it('gives every error and warning kind a title, a message made from its facts, and a hint', () => {
    for (const [kind, entry] of Object.entries({ ...ErrorKinds, ...WarningKinds })) {
      expect(entry.title, kind).toMatch(/\S/);
      expect(entry.hint, kind).toMatch(/\S{3}/);
      expect(typeof entry.message, kind).toBe('function');
    }
  });

  it('merges its domains without losing a kind: no kind is in two of them', async () => {
    const folder = path.join(REPO, 'generator/base/errors');
    const kinds: string[] = [];
    for (const file of (await readdir(folder)).sort()) {
      const module = (await import(path.join(folder, file))) as Record<string, unknown>;
      for (const [name, record] of Object.entries(module))
        if (name.endsWith('_ERRORS')) kinds.push(...Object.keys(record as object));
    }
    expect(kinds.filter((kind, i) => kinds.indexOf(kind) !== i)).toEqual([]);
    expect(kinds.sort()).toEqual(Object.keys(ErrorKinds).sort());
  });

  it('makes the message from the facts a call site gives', () => {
    const error = new SiteError(
      'BrokenLink',
      { href: '/prices', route: '/about', problem: 'no page has this route' },
      { file: 'pages/about.md', field: '/prices' },
    );
    expect(error.message).toBe('Link "/prices" on /about is broken: no page has this route');
    expect(error.title).toBe(ErrorKinds.BrokenLink.title);
    expect(error.hint).toBe(ErrorKinds.BrokenLink.hint);
    expect(error.location).toBe('pages/about.md (field: /prices)');
    const warning = new SiteWarning('PlannedRouteLinked', { routes: ['/blog', '/press'] });
    expect(String(warning)).toBe(
      `PlannedRouteLinked: 2 planned routes have no page yet and will answer 404: /blog, /press (hint: ${WarningKinds.PlannedRouteLinked.hint})`,
    );
  });

  it('is the only place wording lives: no call site outside errors.ts passes message text', async () => {
    const files = [
      ...(await sourcesUnder(path.join(REPO, 'generator'))),
      ...(await sourcesUnder(path.join(REPO, 'bin'))),
      ...(await sourcesUnder(path.join(REPO, 'templates'))),
    ];
    const offenders: string[] = [];
    for (const file of files) {
      if (file.endsWith(path.join('core', 'errors.ts'))) continue;
      const source = await readFile(file, 'utf8');
      for (const match of source.matchAll(/new Site(?:Error|Warning)\(\s*[^,()]+,\s*[`'"]/g))
        offenders.push(`${path.relative(REPO, file)}: ${match[0]}`);
    }
    expect(offenders).toEqual([]);
  });
});

describe('what reaches the user', () => {
  const enospc = Object.assign(new Error("ENOSPC: no space left on device, write '/srv/site/dist/index.html'"), {
    code: 'ENOSPC',
    syscall: 'write',
    path: '/srv/site/dist/index.html',
  });

  it('is an operating system refusal as SystemError, with the file, what failed and a hint for that refusal', () => {
    const [error] = catalogued(enospc);
    expect(error!.kind).toBe('SystemError');
    expect(error!.message).toBe('write /srv/site/dist/index.html failed with ENOSPC: no space left on device');
    expect(error!.file).toBe('/srv/site/dist/index.html');
    expect(error!.hint).toMatch(/disk is full/);
    const printed = formatError(enospc, false);
    expect(printed).toMatch(
      /^✖ SystemError: The operating system refused an operation\n {2}at \/srv\/site\/dist\/index.html\n/,
    );
    expect(printed).not.toMatch(/^\s+at .*:\d+:\d+\)?$/m);
  });

  it('is a bug as InternalError, with its stack only under --verbose', () => {
    const bug = new TypeError("Cannot read properties of undefined (reading 'route')");
    const quiet = formatError(bug, false);
    expect(quiet).toMatch(
      /^✖ InternalError: Internal error in site\n {2}TypeError: Cannot read properties of undefined \(reading 'route'\)\n {2}hint: This is a bug in site/,
    );
    expect(quiet).not.toContain('errors.test.ts');
    expect(formatError(bug, true)).toContain('errors.test.ts');
  });

  it('is a catalogued error as it is', () => {
    const error = new SiteError('NoPages', { folder: 'pages' });
    expect(catalogued(error)).toEqual([error]);
  });
});

describe('an error as printed', () => {
  it('writes a line break, a control or a bidirectional character in a name as its escape: one block per error (issue 40)', () => {
    const file = 'pages/new\nline\u202Egpj.md';
    const error = new SiteError('DuplicateRoute', { route: '/x', first: file, second: 'pages/x\u2028.md' }, { file });
    expect(error.location).toBe('pages/new\\nline\\u202Egpj.md');
    expect(error.message).toBe('pages/new\\nline\\u202Egpj.md and pages/x\\u2028.md both claim the route /x');
    const printed = formatError(error, false);
    expect(printed.split('\n')).toHaveLength(4);
    expect(printed).not.toMatch(/[\r\u2028\u202e]/);
  });

  it('ends a long list with the errors counted by kind and file, and the mistakes made most often', () => {
    const broken = (file: string, line: number, href: string) =>
      new SiteError('BrokenLink', { href, route: '/x', problem: 'it is not there' }, { file, line, field: href });
    const errors = [
      ...['a', 'b', 'c', 'd', 'e', 'f', 'g'].map((name, i) => broken(`pages/${name}.md`, i + 3, 'g')),
      broken('pages/a.md', 20, 'g'),
      broken('pages/a.md', 9, '/guide#setup'),
      broken('pages/h.md', 2, '/guide#setup'),
      broken('pages/h.md', 5, '/once'),
      new SiteError(
        'DuplicateRoute',
        { route: '/x', first: 'pages/x.md', second: 'pages/x/index.md' },
        { file: 'pages/x.md' },
      ),
    ];
    const printed = formatError(new SiteErrors(errors), false);
    expect(printed.startsWith('Build failed with 12 errors:\n\n')).toBe(true);
    expect(printed.split('\n\n').at(-1)).toBe(
      [
        '12 errors in 9 files: 11 BrokenLink, 1 DuplicateRoute',
        'the most repeated:',
        '  8 × BrokenLink (field: g) in 7 files, the first at pages/a.md:3',
        '  2 × BrokenLink (field: /guide#setup) in 2 files, the first at pages/a.md:9',
      ].join('\n'),
    );
    // A list a screen holds needs no summary.
    expect(formatError(new SiteErrors(errors.slice(0, 9)), false)).not.toContain('the most repeated');
  });
});
