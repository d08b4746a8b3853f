/**
 * The `site` command line: parses arguments, calls the generator, and maps
 * failures to exit codes (1: content or build error, 2: bad usage).
 */
import path from 'node:path';
import { Command, CommanderError, Option } from 'commander';
import packageJson from '../package.json' with { type: 'json' };
import { createLogger } from '../generator/base/logger';
import { formatError } from './format-error';

// Each command imports what it needs when it runs, so `site --help` and each command start fast.
const generator = {
  build: () => import('../generator/core/build'),
  check: () => import('../generator/dev/crawl-site'),
  site: () => import('../generator/core/site'),
  serve: () => import('../generator/dev/serve'),
  watch: () => import('../generator/dev/watch'),
  new: () => import('../generator/starter/new-project'),
};

const { version } = packageJson;

export const EXIT_BUILD_ERROR = 1;
export const EXIT_USAGE = 2;

/** Options several commands share, defined once. */
const options = {
  out: () => new Option('-o, --out <dir>', '[string] output directory').default('dist'),
  pages: () =>
    new Option('-p, --pages <dir>', '[string] content folder with the markdown pages and site.yml').default('pages'),
  port: () => new Option('--port <port>', '[number] port').default('4321'),
  host: () =>
    new Option('--host <host>', '[string] interface to bind; loopback unless you choose otherwise').default(
      '127.0.0.1',
    ),
  workers: () =>
    new Option(
      '--workers <n>',
      "[number] threads that render markdown beside the build (default: one per core but one, at most 3, for 1,000 pages or more), and a thread that writes a new output folder's pages when the theme has no search (default: for 500 new pages or more); 0: none",
    ).argParser(parseWorkers),
};

export function createProgram(): Command {
  const program = new Command()
    .name('site')
    .description('Static-site generator with a React templating core: markdown + frontmatter in, static HTML out.')
    .version(version, '-v, --version', 'print the version')
    .helpOption('-h, --help', 'show help')
    .showHelpAfterError('(run with --help for usage)')
    .exitOverride();

  program
    .command('build')
    .description('build every page into the output folder (replaced only when the build succeeds)')
    .addOption(options.out())
    .addOption(options.pages())
    .option('--base-url <url>', '[string] absolute base URL, overriding site.yml (e.g. for a preview deployment)')
    .addOption(new Option('-q, --quiet', '[boolean] print only errors').conflicts('verbose'))
    .option('--verbose', '[boolean] list every output file, step timings and error stacks')
    .option('--drafts', '[boolean] also build pages marked draft: true (never in the sitemap or a feed)')
    .addOption(options.workers())
    .action(
      async (options: {
        out: string;
        pages: string;
        baseUrl?: string;
        quiet?: boolean;
        verbose?: boolean;
        drafts?: boolean;
        workers?: number;
      }) => {
        const { build } = await generator.build();
        await build({
          outDir: options.out,
          pagesDir: options.pages,
          baseUrl: options.baseUrl,
          drafts: options.drafts,
          workers: options.workers,
          verbose: options.verbose,
          logger: createLogger(options),
        });
      },
    );

  program
    .command('check')
    .description('build if needed, then crawl every link, asset and #fragment of the built site with linkinator')
    .addOption(options.out())
    .addOption(options.pages())
    .option('--no-build', '[boolean] check the output folder as it is')
    .action(async (options: { out: string; pages: string; build: boolean }) => {
      const [{ build, isStale, projectPaths }, { checkSite, formatCheckReport }, { Site }] = await Promise.all([
        generator.build(),
        generator.check(),
        generator.site(),
      ]);
      const paths = projectPaths({ outDir: options.out, pagesDir: options.pages });
      if (options.build && (await isStale(paths)))
        await build({ outDir: options.out, pagesDir: options.pages, logger: createLogger({ quiet: true }) });
      const site = new Site({ outDir: options.out, pagesDir: options.pages });
      const { theme, config } = await site.readProject().finally(() => site.dispose());
      const report = await checkSite(paths.outDir, config, { placeholders: theme.placeholderLinks?.(config) });
      console.log(formatCheckReport(report));
      if (report.problems.length > 0) process.exitCode = EXIT_BUILD_ERROR;
    });

  program
    .command('watch')
    .description('build (drafts too), serve, and rebuild what each change affects; browsers reload by themselves')
    .addHelpText(
      'after',
      '\nWrites a preview of its own in node_modules/.cache/site/watch/, removed when it stops, never the output\nfolder: dist/ is only what site build made.',
    )
    .addOption(options.pages())
    .addOption(options.port())
    .addOption(options.host())
    .option('--verbose', '[boolean] step timings of each rebuild, and error stacks')
    .addOption(options.workers())
    // Taken only to say why it is not: scripts written for the watch that wrote dist/ learn what changed.
    .addOption(new Option('-o, --out <dir>').hideHelp())
    .action(async (options: WatchFlags) => {
      if (options.out !== undefined)
        throw new CommanderError(
          EXIT_USAGE,
          'site.out',
          '--out: site watch writes no output folder; it previews from a folder of its own (node_modules/.cache/site/watch/), so the output folder is only what site build made. Drop --out, and run site build --out to write one',
        );
      const { startWatch } = await generator.watch();
      const watching = await startWatch({
        pagesDir: options.pages,
        port: parsePort(options.port),
        host: options.host,
        verbose: options.verbose,
        workers: options.workers,
        logger: createLogger(options),
        format: (error) => formatError(error, options.verbose === true),
      });
      await new Promise<void>((resolve) => {
        process.once('SIGINT', resolve);
        process.once('SIGTERM', resolve);
      });
      await watching.close();
      console.log('\nstopped');
    });

  program
    .command('serve')
    .description('preview the built site like a production static host (clean URLs, _headers, 404 page)')
    .option('-d, --dir <dir>', '[string] folder to serve', 'dist')
    .addOption(options.port())
    .addOption(options.host())
    .option(
      '--base <path>',
      '[string] serve the site under this path, as a host does for a base URL with a path (e.g. /notes; default: the path of the base URL the site was built for)',
    )
    .option('--any-dir', '[boolean] serve a folder site did not build (never the root or a home folder)')
    .action(async (options: { dir: string; port: string; host: string; base?: string; anyDir?: boolean }) => {
      const { serve, baseOfBuild } = await generator.serve();
      // A site built for a base URL with a path is served under it, as its host will (`--base /` serves it at the root).
      const built = options.base === undefined ? await baseOfBuild(options.dir) : undefined;
      const running = await serve({
        dir: options.dir,
        port: parsePort(options.port),
        host: options.host,
        base: options.base ?? built,
        anyFolder: options.anyDir === true,
      });
      for (const warning of running.warnings) console.warn(String(warning));
      const under = built ? ', the path of the base URL it was built for' : '';
      console.log(`Serving ${options.dir}/ at ${running.url}/${under} (Ctrl-C to stop)`);
      await new Promise<void>((resolve) => process.once('SIGINT', resolve));
      await running.close();
    });

  program
    .command('new')
    .description(
      'create a project in a new folder: pages, site.yml, and templates/ (a copy of the built-in theme to change)',
    )
    .argument('<dir>', 'folder to create (or an empty one)')
    .option('--name <name>', "[string] the site's name (default: the folder's name)")
    .option('--base-url <url>', '[string] the address the site will be published at (default: "https://example.org")')
    .action(async (dir: string, options: { name?: string; baseUrl?: string }) => {
      const { newProject } = await generator.new();
      const made = await newProject({ dir, name: options.name, baseUrl: options.baseUrl });
      const shown = path.relative(process.cwd(), made.root) || '.';
      console.log(
        `Created ${shown}/ with ${made.files.length} files:\n${made.files.map((file) => `  ${file}`).join('\n')}\n`,
      );
      console.log(
        `Next:\n  cd ${shown}\n  npm install      # the site command, as package.json names it\n  npm run watch    # site watch: build, serve at http://127.0.0.1:4321 and rebuild on every change`,
      );
    });

  return program;
}

function parsePort(value: string): number {
  const port = /^\d{1,5}$/.test(value.trim()) ? Number(value) : NaN;
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new CommanderError(EXIT_USAGE, 'site.port', `--port must be 0-65535, not "${value}"`);
  return port;
}

/** What `site watch` is given on its command line. */
interface WatchFlags {
  pages: string;
  port: string;
  host: string;
  verbose?: boolean;
  out?: string;
  workers?: number;
}

/** `--workers`: a whole number of threads, 0 to 16 (more only costs memory: a build has other work than markdown). */
function parseWorkers(value: string): number {
  const workers = /^\d{1,2}$/.test(value.trim()) ? Number(value) : NaN;
  if (!Number.isInteger(workers) || workers > 16)
    throw new CommanderError(
      EXIT_USAGE,
      'site.workers',
      `--workers must be a whole number from 0 to 16, not "${value}"`,
    );
  return workers;
}

/**
 * A reader that closes the pipe early (`site watch --help | head -1`) has read all it wanted: what is left to print
 * goes nowhere, and the command goes on (a build piped into `head` still finishes and commits its output), where
 * Node would end the process on the unhandled EPIPE with a stack trace.
 */
function ignoreClosedPipes(): void {
  for (const stream of [process.stdout, process.stderr])
    stream.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EPIPE') throw error;
    });
}

export async function main(argv: string[]): Promise<number> {
  ignoreClosedPipes();
  const program = createProgram();
  const verbose = argv.includes('--verbose');
  try {
    await program.parseAsync(argv, { from: 'user' });
    // A command that found problems without throwing (site check's broken links) says so in process.exitCode, which
    // bin/site.js would otherwise overwrite with this return value.
    return typeof process.exitCode === 'number' ? process.exitCode : 0;
  } catch (error) {
    if (error instanceof CommanderError) {
      // Help and version exit cleanly; anything else commander rejects is a usage error.
      if (error.code.startsWith('site.')) console.error(`error: ${error.message}`);
      return error.exitCode === 0 ? 0 : EXIT_USAGE;
    }
    console.error(formatError(error, verbose));
    return EXIT_BUILD_ERROR;
  }
}
