/**
 * A folder for the preview server that holds what it must never send, served: secrets in a folder beside it, reached
 * by symbolic links out of it; hidden files; a FIFO, which a read would wait on forever; and _headers rules that
 * would frame the body or take exponential time to match. Around them, the pages and files a site has, and links
 * that stay inside the folder.
 */
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { serve, type RunningServer } from '../../generator/dev/serve';

/** What the files outside the served folder hold: no answer may contain it. */
export const SECRET = 'TOP-SECRET-OUTSIDE-THE-FOLDER';

/** Writes files (paths relative to `dir`), making the folders they are in. */
export async function writeFiles(dir: string, entries: Record<string, string | Buffer>) {
  for (const [name, contents] of Object.entries(entries)) {
    await mkdir(path.dirname(path.join(dir, name)), { recursive: true });
    await writeFile(path.join(dir, name), contents);
  }
}

export interface TrapFolder {
  /** The temporary folder holding the served folder and the one outside it. */
  base: string;
  /** The served folder. */
  site: string;
  server: RunningServer;
  /** Stops the server and removes the folders. */
  close(): Promise<void>;
}

export async function serveTrapFolder(): Promise<TrapFolder> {
  const base = await mkdtemp(path.join(os.tmpdir(), 'site-serve-robust-'));
  const site = path.join(base, 'site');
  let server: RunningServer;
  try {
    await writeFiles(path.join(base, 'outside'), { 'secret.txt': SECRET, 'secret.html': `<p>${SECRET}</p>` });
    await writeFiles(site, {
      'index.html': '<h1>home</h1>',
      'about.html': '<h1>about</h1>',
      '404.html': '<h1>not found page</h1>',
      'ten.txt': '0123456789',
      'empty.txt': '',
      'big.txt': 'a'.repeat(5000),
      'rules.json': '{"prerender":[]}',
      'assets/app-aaa.css': 'body{}',
      '.env': `TOKEN=${SECRET}`,
      '.git/config': SECRET,
      '.well-known/security.txt': 'Contact: mailto:x@example.com\n',
      _headers: [
        '/*',
        '  X-Rule: all',
        '  Bad Header Name: dropped',
        '  Content-Length: 1',
        '/rules.json',
        '  Content-Type: application/speculationrules+json',
        '/*a*a*a*a*a*a*a*a*a*a*a*a*b',
        '  X-Pathological: matched',
        '',
      ].join('\n'),
    });
    await symlink(path.join(base, 'outside/secret.txt'), path.join(site, 'leak.txt'));
    await symlink(path.join(base, 'outside/secret.html'), path.join(site, 'leak.html'));
    await symlink('../outside', path.join(site, 'outdir'));
    await symlink('ten.txt', path.join(site, 'inside-link.txt'));
    await symlink('assets', path.join(site, 'linked-assets'));
    await symlink(path.join(base, 'nowhere'), path.join(site, 'dangling.txt'));
    execFileSync('mkfifo', [path.join(site, 'pipe.txt')]);
    server = await serve({ dir: site, port: 0, anyFolder: true });
  } catch (error) {
    await rm(base, { recursive: true, force: true });
    throw error;
  }
  return {
    base,
    site,
    server,
    async close() {
      await server.close();
      await rm(base, { recursive: true, force: true });
    },
  };
}
