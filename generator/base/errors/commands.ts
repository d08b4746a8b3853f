/** Errors of the commands around a build: site new, serve and watch's preview server, the launcher, and the operating system. */
export const COMMAND_ERRORS = {
  ProjectFolderNotEmpty: {
    title: 'The new project folder is not empty',
    message: (p: { folder: string; entries: string[] }) =>
      `${p.folder}/ already holds ${p.entries.join(', ')}: site new writes only into a new or empty folder`,
    hint: 'Name a folder that does not exist yet (site new my-site), or empty this one first.',
  },
  ProjectFolderIsLink: {
    title: 'The new project folder is a symbolic link',
    message: (p: { folder: string; target: string }) =>
      `${p.folder} is a symbolic link (to ${p.target}): site new writes only into a new folder or an empty one, never through a link`,
    hint: 'Name a folder that does not exist yet (site new my-site), or remove the link first.',
  },
  InvalidOption: {
    title: 'Invalid command-line option',
    message: (p: { option: string; value: string; problem: string }) => `${p.option} "${p.value}": ${p.problem}`,
    hint: 'Pass another value with the option named (site <command> --help says what each option takes).',
  },
  ProjectFolderIsFile: {
    title: 'The new project folder is a file',
    message: (p: { folder: string }) => `${p.folder} is a file, not a folder`,
    hint: 'Name a folder that does not exist yet (site new my-site); site new never replaces a file.',
  },
  MissingServeFolder: {
    title: 'Folder to serve not found',
    message: (p: { folder: string; resolved: string }) =>
      `There is no folder ${p.folder} to serve (${p.resolved} does not exist).`,
    hint: 'Build the site first (site build writes dist/), or pass the built folder with --dir.',
  },
  NoBuiltSiteToCheck: {
    title: 'No built site to check',
    message: (p: { folder: string; problem: string }) =>
      `There is no built site at ${p.folder} to check: it ${p.problem}.`,
    hint: 'Run site check without --no-build (it builds the site first), or pass the folder a build wrote with --out.',
  },
  ServeFolderIsFile: {
    title: 'The folder to serve is a file',
    message: (p: { folder: string; resolved: string }) =>
      `${p.folder} is a file, not a folder of built pages (${p.resolved}).`,
    hint: 'Pass the folder a build wrote with --dir (site build writes dist/), not a file in it.',
  },
  UnreadableServeFolder: {
    title: 'The folder to serve cannot be read',
    message: (p: { folder: string; reason: string }) => `The folder ${p.folder} to serve cannot be read: ${p.reason}`,
    hint: 'Check that you may read the folder (its permissions), or pass another built folder with --dir.',
  },
  UnsafeServeFolder: {
    title: 'Unsafe folder to serve',
    message: (p: { folder: string; why: string }) =>
      `${p.folder} ${p.why}: serving it would publish every file in it to whoever reaches the port`,
    hint: 'Serve the folder a build wrote (site build writes dist/); the root and home folders are never served, even with --any-dir.',
  },
  UnmarkedServeFolder: {
    title: 'A folder site did not build',
    message: (p: { folder: string; mark: string }) =>
      `${p.folder} holds no ${p.mark}: it is not a folder site built, and serving it would publish every file in it`,
    hint: 'Serve the folder a build wrote (site build writes dist/). To serve another folder, add --any-dir.',
  },
  PortInUse: {
    title: 'Port already in use',
    message: (p: { port: number; host: string }) =>
      `Port ${p.port} on ${p.host} is already in use (another server, or another site watch)`,
    hint: 'Pass another port with --port (--port 0 picks a free one), or stop the program using it.',
  },
  UnknownHost: {
    title: 'Unknown host',
    message: (p: { host: string; problem: string }) => `Cannot listen on ${p.host}: ${p.problem}`,
    hint: 'Pass an address of this machine with --host: 127.0.0.1 (this machine only, the default), ::1, localhost, or 0.0.0.0 (every network).',
  },
  // The two kinds of the `site` command's launcher (bin/compiled-engine.js prints them before any engine is loaded,
  // in these words: tests/bin/launcher.test.ts holds the two to each other).
  EngineNotCompiled: {
    title: 'Engine not compiled',
    message: (p: { missing: string }) =>
      `lib/ holds no compiled engine the site command can run (${p.missing} is missing, or of an older compile)`,
    hint: 'The site command compiles lib/ again by itself (about a second): fix what the compile printed above, then run the command again. `npm run compile` does the same and also writes the theme API’s types (about 20 s).',
  },
  StaleEngine: {
    title: 'Compiled engine out of date',
    message: (p: { changed: string }) =>
      `${p.changed} changed after lib/ was compiled: lib/ would run the engine as it was before`,
    hint: 'The site command compiles lib/ again by itself (about a second): fix what the compile printed above, then run the command again. `npm run compile` does the same and also writes the theme API’s types (about 20 s).',
  },
  SystemError: {
    title: 'The operating system refused an operation',
    message: (p: { code: string; syscall?: string; path?: string; problem: string }) =>
      `${p.syscall ? `${p.syscall} ` : ''}${p.path ? `${p.path} ` : ''}failed with ${p.code}: ${p.problem}`,
    hint: 'Check the file or folder named (that it exists and that you may read or write it), then run site again.',
  },
  InternalError: {
    title: 'Internal error in site',
    message: (p: { problem: string }) => p.problem,
    hint: 'This is a bug in site, not in your project: run again with --verbose and report the stack with the steps that led to it.',
  },
} as const;
