/**
 * When each page's file was last committed, for `lastUpdated: git` in site.yml: read from git in a constant number of
 * processes whatever the number of pages (one `git log` over the pages folder's history, names only, whose first
 * mention of a file is its last commit; one `git status` for the files that differ from it), never one per page.
 *
 * A file with changes not yet committed (staged or not), or not in git at all (untracked, ignored, a folder outside
 * any repository, no git installed), has no date: the date of a commit that is not what the page shows would be
 * false. The history is read again only when HEAD moved (GitDates keeps it by HEAD's commit), the status at every
 * call, so a page edited in `site watch` loses its date in that update, as a build of the same files would.
 */
import { spawn } from 'node:child_process';
import type { PageInfo } from '../pages/page';

/**
 * Options that keep git from running anything a repository's config names, and from writing: core.fsmonitor runs a
 * command on status; colours and signatures would land in the parsed output.
 */
const SAFE = ['-c', 'core.fsmonitor=false', '-c', 'log.showSignature=false', '-c', 'color.ui=false'];

/** A git command's standard output, or undefined when git is missing or fails (no repository, no commit yet). */
function git(args: string[], cwd: string, onChunk?: (chunk: Buffer) => void): Promise<Buffer | undefined> {
  return new Promise((resolve) => {
    const child = spawn('git', [...SAFE, ...args], {
      cwd,
      stdio: ['ignore', 'pipe', 'ignore'],
      // Status may refresh the index as it reads it: a build never writes into the repository.
      env: { ...process.env, GIT_OPTIONAL_LOCKS: '0', GIT_TERMINAL_PROMPT: '0', LC_ALL: 'C' },
    });
    const chunks: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => (onChunk ? onChunk(chunk) : chunks.push(chunk)));
    child.on('error', () => resolve(undefined));
    child.on('close', (code) => resolve(code === 0 ? Buffer.concat(chunks) : undefined));
  });
}

/**
 * Each file's last commit date (its author date, ISO 8601), by path inside the pages folder, from one `git log` over
 * it. The output is read as it comes: a long history's names are never held whole, only each file's first date.
 */
async function lastCommits(pagesDir: string): Promise<Map<string, string> | undefined> {
  const dates = new Map<string, string>();
  let date = '';
  let rest = '';
  // Each commit is \x01<date>\0 then \n and its names, each ended by \0 (-z): names may hold any character but NUL.
  const take = (token: string) => {
    if (token.startsWith('\u0001')) date = token.slice(1);
    else {
      const name = token.startsWith('\n') ? token.slice(1) : token;
      if (name !== '' && !dates.has(name)) dates.set(name, date);
    }
  };
  const done = await git(
    ['log', '-z', '--no-renames', '--format=%x01%aI', '--name-only', '--relative', '--', '.'],
    pagesDir,
    (chunk) => {
      const tokens = (rest + chunk.toString('utf8')).split('\u0000');
      rest = tokens.pop()!;
      tokens.forEach(take);
    },
  );
  if (!done) return undefined;
  if (rest !== '') take(rest);
  return dates;
}

/** The files of the pages folder that differ from HEAD (modified, staged, added, untracked), by path inside it. */
async function uncommitted(pagesDir: string, prefix: string): Promise<Set<string>> {
  const out = await git(
    ['status', '--porcelain=v1', '-z', '--untracked-files=all', '--no-renames', '--', '.'],
    pagesDir,
  );
  const files = new Set<string>();
  // Each entry is two status letters, a space and the path from the repository's root.
  for (const entry of (out?.toString('utf8') ?? '').split('\u0000'))
    if (entry.length > 3 && entry.slice(3).startsWith(prefix)) files.add(entry.slice(3 + prefix.length));
  return files;
}

/**
 * The dates of a project's pages, read again each update; the history only when HEAD moved. The dates are the same
 * object as the last read's when HEAD and the files that differ from it are the same, so that an update whose
 * dates are those its pages were dated with dates only the pages it read again (SitePages).
 */
export class GitDates {
  private history?: { head: string; dates: Map<string, string> | undefined };
  private last?: { head: string; changed: string; dates: ReadonlyMap<string, string> };

  constructor(private readonly pagesDir: string) {}

  /** Each committed, unchanged page file's last commit date, by path inside the pages folder (`/` between names). */
  async read(): Promise<ReadonlyMap<string, string>> {
    const found = (await git(['rev-parse', '--show-prefix', 'HEAD'], this.pagesDir))?.toString('utf8').split('\n');
    if (!found || found.length < 2) return new Map();
    const [prefix, head] = [found[0]!, found[1]!];
    const [history, changed] = await Promise.all([
      this.history?.head === head ? this.history.dates : lastCommits(this.pagesDir),
      uncommitted(this.pagesDir, prefix),
    ]);
    this.history = { head, dates: history };
    // The dates are made of the history (one per HEAD) and the files that differ from it, and of nothing else.
    const changedKey = [...changed].sort().join('\0');
    if (this.last?.head === head && this.last.changed === changedKey) return this.last.dates;
    const dates = new Map(history);
    for (const file of changed) dates.delete(file);
    this.last = { head, changed: changedKey, dates };
    return dates;
  }
}

/**
 * `pages` (by path inside the pages folder) with each page's `lastUpdated` as `dates` give it: the same object where
 * it is unchanged, a new one where it changed. `changed`: the routes of the pages whose date came, went or moved.
 * `only`: the files of `pages` to date, when the others carry these `dates` already.
 */
export function withDates(
  pages: Map<string, PageInfo>,
  dates: ReadonlyMap<string, string>,
  changed?: Set<string>,
  only?: Iterable<string>,
): Map<string, PageInfo> {
  for (const file of only ?? [...pages.keys()]) {
    const page = pages.get(file);
    if (page === undefined) continue;
    const date = page.source === undefined ? undefined : dates.get(page.source);
    if (date === page.lastUpdated) continue;
    const { lastUpdated: _, ...rest } = page;
    pages.set(file, date === undefined ? rest : Object.assign({}, rest, { lastUpdated: date }));
    changed?.add(page.route);
  }
  return pages;
}
