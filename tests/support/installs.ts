/** Copies of the project and of its installed packages, and the `site` command run from one of them. */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdir, readdir, readFile, symlink } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { REPO } from './fixture';

const exec = promisify(execFile);

/** Copies files and folders of the repository (paths relative to it) into `dest`. */
export async function copyFromRepo(dest: string, entries: string[]): Promise<void> {
  await Promise.all(entries.map((entry) => cp(path.join(REPO, entry), path.join(dest, entry), { recursive: true })));
}

/**
 * The website's own packages (its islands and templates import them): devDependencies of this repository, which
 * builds the website, and dependencies of a project that holds it.
 */
const WEBSITE_PACKAGES = ['@fontsource-variable/inter', '@radix-ui/react-tooltip', 'lucide-react', 'sonner'];

/**
 * The packages the website's project installs, by their top-level folders in node_modules/: the engine's production
 * packages (`npm ci --omit=dev`), and the website's with the packages they depend on.
 */
async function projectPackages(): Promise<string[]> {
  const lock = JSON.parse(await readFile(path.join(REPO, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, { dev?: boolean; dependencies?: Record<string, string> }>;
  };
  const topLevel = Object.keys(lock.packages)
    .filter((key) => key.startsWith('node_modules/') && !key.slice('node_modules/'.length).includes('node_modules/'))
    .map((key) => key.slice('node_modules/'.length));
  const wanted = new Set(topLevel.filter((name) => !lock.packages[`node_modules/${name}`]!.dev));
  const toVisit = [...WEBSITE_PACKAGES];
  for (let name = toVisit.pop(); name !== undefined; name = toVisit.pop()) {
    if (wanted.has(name) || !topLevel.includes(name)) continue;
    wanted.add(name);
    toVisit.push(...Object.keys(lock.packages[`node_modules/${name}`]?.dependencies ?? {}));
  }
  return [...wanted].filter((name) => existsSync(path.join(REPO, 'node_modules', name)));
}

/**
 * A node_modules of its own in `dest`: the project's packages copied (hard links where the file system allows,
 * which cost no space), so every module in it is another instance than the repository's.
 */
export async function copiedNodeModules(dest: string): Promise<void> {
  const byFolder = new Map<string, string[]>();
  for (const name of await projectPackages()) {
    const folder = path.dirname(name); // '.' or '@scope'
    byFolder.set(folder, [...(byFolder.get(folder) ?? []), path.join(REPO, 'node_modules', name)]);
  }
  for (const [folder, sources] of byFolder) {
    const target = path.join(dest, 'node_modules', folder);
    await mkdir(target, { recursive: true });
    try {
      await exec('cp', ['-al', ...sources, target]);
    } catch {
      for (const source of sources) await cp(source, path.join(target, path.basename(source)), { recursive: true });
    }
  }
}

/** A node_modules folder of its own in `dest` whose packages are links to the repository's: the same install. */
export async function linkedNodeModules(dest: string): Promise<void> {
  await mkdir(path.join(dest, 'node_modules'));
  for (const name of await readdir(path.join(REPO, 'node_modules'))) {
    if (name !== '.cache')
      await symlink(path.join(REPO, 'node_modules', name), path.join(dest, 'node_modules', name), 'dir');
  }
}

export interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `node <bin> ...args` in `cwd`. */
export async function runNode(
  bin: string,
  args: string[],
  options: { cwd: string; env?: NodeJS.ProcessEnv },
): Promise<Run> {
  try {
    const { stdout, stderr } = await exec('node', [bin, ...args], {
      cwd: options.cwd,
      env: options.env ?? process.env,
      maxBuffer: 16 * 1024 * 1024,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

/** Every file under `dir` (relative path → contents), to compare two builds. */
export async function filesOf(dir: string): Promise<Map<string, Buffer>> {
  const files = new Map<string, Buffer>();
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    files.set(path.relative(dir, file), await readFile(file));
  }
  return new Map([...files].sort(([a], [b]) => a.localeCompare(b)));
}
