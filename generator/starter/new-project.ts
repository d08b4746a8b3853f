/**
 * `site new <dir>`: a project that builds, passes `site check` and runs `site watch` as it is. Its pages and logo
 * come from the engine's starter/ folder, its site.yml names the site and the logo (so browsers find a favicon, and
 * the social card shows it), its templates/ is a copy of the built-in theme for the user to change, and its
 * package.json depends on this engine the way it was installed here (engine-spec.ts), with a tsconfig.json and
 * `npm run typecheck` for the theme.
 * It writes only into a folder that is missing or empty.
 */
import { cp, lstat, mkdir, mkdtemp, readdir, readFile, readlink, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ENGINE_ROOT } from '../base/engine-files';
import { SiteError, siteErrorsOf, throwIfAny } from '../base/errors';
import { loadConfig } from '../config/config';
import { engineSpec } from './engine-spec';
import { copyTheme } from './theme-copy';

export interface NewProjectOptions {
  /** The folder to create, relative to the working directory. */
  dir: string;
  /** The site's name (default: the folder's name, in words). */
  name?: string;
  /** The address the site will be published at (default: https://example.org). */
  baseUrl?: string;
}

export interface NewProject {
  root: string;
  /** The files written, relative to the root. */
  files: string[];
}

const STARTER_PAGES = path.join(ENGINE_ROOT, 'starter', 'pages');

/** The theme and islands type-checked as the engine bundles them (JSX for React, modules resolved as a bundler does). */
const TSCONFIG = {
  compilerOptions: {
    target: 'ES2022',
    module: 'ESNext',
    moduleResolution: 'Bundler',
    jsx: 'react-jsx',
    strict: true,
    noEmit: true,
    noImplicitReturns: true,
    noFallthroughCasesInSwitch: true,
    isolatedModules: true,
    skipLibCheck: true,
    lib: ['ES2023', 'DOM', 'DOM.Iterable'],
    types: [],
  },
  include: ['templates', 'islands'],
};

/** The versions of the packages a new project names, as the engine's own package.json pins them. */
async function engineVersions(): Promise<Record<'zod' | 'typescript' | '@types/react', string>> {
  const engine = JSON.parse(await readFile(path.join(ENGINE_ROOT, 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
    devDependencies?: Record<string, string>;
  };
  const all = { ...engine.devDependencies, ...engine.dependencies };
  return { zod: all.zod!, typescript: all.typescript!, '@types/react': all['@types/react']! };
}

/** `my-notes` → `My notes`. */
const nameOf = (dir: string) => {
  const words = path
    .basename(path.resolve(dir))
    .replace(/[-_.]+/g, ' ')
    .trim();
  return words === '' ? 'My site' : words[0]!.toUpperCase() + words.slice(1);
};

/** A YAML double-quoted string. */
const yamlString = (text: string) => JSON.stringify(text);

/** An npm package name from a folder name: lowercase letters, digits and hyphens. */
const packageName = (dir: string) =>
  path
    .basename(path.resolve(dir))
    .toLowerCase()
    .replace(/[^a-z0-9-]+/g, '-')
    .replace(/^-+|-+$/g, '') || 'my-site';

async function entriesOf(root: string, shown: string): Promise<string[] | undefined> {
  // A link is never written through, whether it leads to a folder or nowhere (mkdir would fail on a dangling one).
  const stats = await lstat(root).catch(() => undefined);
  if (stats?.isSymbolicLink())
    throw new SiteError('ProjectFolderIsLink', { folder: shown, target: await readlink(root) }, { file: shown });
  try {
    return await readdir(root);
  } catch (cause) {
    const code = (cause as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return undefined;
    if (code === 'ENOTDIR') throw new SiteError('ProjectFolderIsFile', { folder: shown }, { file: shown, cause });
    throw cause;
  }
}

/** The new project's site.yml: the site's name and base URL, and the logo site new puts in public/. */
const siteYmlOf = (name: string, baseUrl: string) =>
  [
    "# The site's config: every page can use these values, as {{ name }} in its text.",
    `name: ${yamlString(name)}`,
    `baseUrl: ${yamlString(baseUrl)}`,
    '# The favicon (public/logo.svg), and the PNG logo, touch icon and social card the build makes from it.',
    'logo: /logo.svg',
    '',
  ].join('\n');

/** Where a field of the new site.yml came from: the option that gave it (or the folder's name), and its value. */
type Sources = Record<'name' | 'baseUrl', { option: string; value: string }>;

/**
 * Reads `text` as a build reads site.yml (config/config.ts: the same characters, YAML and schema), from a folder of
 * its own; a field refused is the option that gave it, in the build's words.
 */
async function checkSiteYml(text: string, sources: Sources): Promise<void> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'site-new-'));
  try {
    await writeFile(path.join(dir, 'site.yml'), text);
    await loadConfig(dir, dir);
  } catch (error) {
    const errors = siteErrorsOf(error);
    if (errors.length === 0) throw error;
    throwIfAny(errors.map((e) => asOption(e, sources)));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** A site.yml error as the option's: the value given and the build's words for what is wrong with it. */
function asOption(error: SiteError, sources: Sources): SiteError {
  const field = error.field === 'name' || error.field === 'baseUrl' ? error.field : undefined;
  if (!field) return error;
  const problem = error.message.replace(new RegExp(`^${field}: `), '');
  const { option, value } = sources[field];
  if (field === 'baseUrl') return new SiteError('InvalidBaseUrl', { baseUrl: value, problem }, { field: option });
  if (option === '--name') return new SiteError('InvalidOption', { option, value, problem }, { field: option });
  return new SiteError(
    'InvalidOption',
    { option: 'the folder’s name, the site’s name', value, problem },
    {
      field: '--name',
      hint: 'The site’s name is the folder’s when --name is not given: pass one with --name, or choose a shorter folder name.',
    },
  );
}

export async function newProject(options: NewProjectOptions): Promise<NewProject> {
  const root = path.resolve(options.dir);
  const shown = path.relative(process.cwd(), root) || '.';
  const entries = await entriesOf(root, shown);
  if (entries && entries.length > 0) {
    throw new SiteError(
      'ProjectFolderNotEmpty',
      { folder: shown, entries: entries.sort().slice(0, 5) },
      { file: shown },
    );
  }
  const name = options.name ?? nameOf(root);
  const baseUrl = (options.baseUrl ?? 'https://example.org').replace(/\/+$/, '');
  const siteYml = siteYmlOf(name, baseUrl);
  // Refused now, with the message a build would give, rather than written for the first build to fail on.
  await checkSiteYml(siteYml, {
    name: { option: options.name === undefined ? 'folder' : '--name', value: name },
    baseUrl: { option: '--base-url', value: baseUrl },
  });
  await mkdir(root, { recursive: true });
  await cp(STARTER_PAGES, path.join(root, 'pages'), { recursive: true });
  await copyTheme(path.join(root, 'templates'));
  await writeFile(path.join(root, 'pages', 'site.yml'), siteYml);
  const versions = await engineVersions();
  const manifest = {
    name: packageName(root),
    private: true,
    type: 'module',
    scripts: {
      build: 'site build',
      check: 'site check',
      watch: 'site watch',
      serve: 'site serve',
      typecheck: 'tsc',
    },
    // The theme imports zod for its schemas; TypeScript and React's types check it (npm run typecheck), at the
    // versions the engine itself is built and tested with.
    dependencies: { site: await engineSpec(), zod: versions.zod },
    devDependencies: { '@types/react': versions['@types/react'], typescript: versions.typescript },
  };
  await writeFile(path.join(root, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  await writeFile(path.join(root, 'tsconfig.json'), `${JSON.stringify(TSCONFIG, null, 2)}\n`);
  await writeFile(path.join(root, '.gitignore'), 'node_modules/\ndist/\n.dist.*\n');
  const files = (await readdir(root, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
  return { root, files };
}
