/**
 * The error catalogue, as Astro's errors-data.ts: every failure the generator
 * can report has a permanent name, a title, a message made from the facts of
 * the case, and a hint that says what to do; warnings likewise. The wording
 * lives here only: a call site names the kind and gives the facts
 * (`new SiteError('BrokenLink', { href, route, problem }, { file })`, errors.ts).
 */

/** How a folder or file turned out not to be usable: absent, a file where a folder was wanted, or unreadable. */
type Unusable = { folder: string } & (
  { state: 'missing' } | { state: 'file' } | { state: 'unreadable'; reason: string }
);

/** A text refused for one of its characters: where it is ("The page text", "The field title") and what the character is. */
type Character = { where: string; character: string; position?: number };
const characterAt = ({ where, character, position }: Character) =>
  `${where} holds ${character}${position === undefined ? '' : ` (character ${position})`}`;
const INVISIBLE = ', which is invisible or reorders the text around it';

export const ErrorKinds = {
  MalformedYaml: {
    title: 'Malformed YAML',
    message: (
      p:
        | { problem: string }
        | { unclosed: true }
        | { tooDeep: number; aliases?: boolean }
        | { alias: string }
        | { keyNotText: true },
    ) =>
      'problem' in p
        ? p.problem
        : 'unclosed' in p
          ? 'The frontmatter opened by the --- on line 1 is never closed'
          : 'tooDeep' in p
            ? `Lists and mappings are nested more than ${p.tooDeep} levels deep${p.aliases ? ' (counting what aliases repeat)' : ''}`
            : 'alias' in p
              ? `*${p.alias} refers to no anchor: no value before it is marked &${p.alias}`
              : 'A key must be plain text, not a list, a mapping or an alias',
    hint: 'Fix the YAML syntax at the line shown (indentation, quotes, colons).',
  },
  InvalidFrontmatter: {
    title: 'Invalid frontmatter',
    message: (
      p:
        | { field: string; problem: string }
        | { unknownKey: string; suggestion?: string; required?: boolean }
        | { notFields: 'a list' | 'a single value' }
        | { tokenInKey: string },
    ) =>
      'problem' in p
        ? `${p.field}: ${p.problem}`
        : 'unknownKey' in p
          ? `${p.unknownKey}: unknown key (not in the template's schema)${p.suggestion ? `; did you mean \`${p.suggestion}\`${p.required ? ' (required, and missing)' : ''}?` : ''}`
          : 'notFields' in p
            ? `The frontmatter must be fields (key: value lines), not ${p.notFields}`
            : `A config token ({{ ... }}) stands in the key ${p.tokenInKey}: tokens go in values only`,
    hint: "Make the field match the template's schema; unknown keys are errors, so check the spelling.",
  },
  UnknownToken: {
    title: 'Unknown config token',
    message: (p: { token: string; suggestion?: string }) =>
      `${p.token} is not a text value of the site config${p.suggestion ? `: did you mean ${p.suggestion}?` : ''}`,
    hint: 'A token names a text value of site.yml by its dotted path. To show the braces as written, put the text in `code` or write \\{{ ... }}.',
  },
  UnknownTemplate: {
    title: 'Unknown template',
    message: (p: { template: string; known: string[] }) =>
      `Template "${p.template}" does not exist (known: ${p.known.join(', ')})`,
    hint: "Use one of the theme's templates named above, or leave template: out for the default (prose); a theme adds templates in its templates record.",
  },
  DuplicateRoute: {
    title: 'Duplicate route',
    message: (p: { route: string; first: string; second: string }) =>
      `${p.first} and ${p.second} both claim the route ${p.route}`,
    hint: 'Two files claim one route. Rename or remove one of them.',
  },
  TagSlugCollision: {
    title: 'Two tags share a route',
    message: (p: { route: string; first: { tag: string; file: string }; second: { tag: string; file: string } }) =>
      `The tags "${p.first.tag}" (${p.first.file}) and "${p.second.tag}" (${p.second.file}) both make the tag page ${p.route}`,
    hint: 'Tags whose slugs are equal share one page: write the tag one way everywhere, or rename one of them.',
  },
  InvalidCollectionUse: {
    title: 'Invalid collection in a template',
    message: (p: { template: string; field: string; problem: string }) =>
      `The template "${p.template}" declares ${p.field}, which ${p.problem}`,
    hint: "See docs/collections.md: paginate, neighbours and feed name a key of the template's collections; sizes and limits are whole numbers from 1.",
  },
  FeedEntryWithoutDate: {
    title: 'A feed entry without a date',
    message: (p: { feed: string; route: string }) =>
      `The page ${p.route} is listed in the feed ${p.feed}, which needs a date for each entry, and has none`,
    hint: "Add a date to its frontmatter (date: 2025-03-01), or leave it out of the feed's collection.",
  },
  UnsafeRoute: {
    title: 'Unsafe route',
    message: (p: { route: string; segment: string }) =>
      `"${p.route}" is not a safe route: segment "${p.segment}" is not a file name written as a lowercase URL path segment`,
    hint: 'A slug is lowercase, written as in a URL: letters, digits and -._~!$\'()*+,@ as they are, anything else percent-encoded (my-page, c++, caf%C3%A9); not "." or "..", no "/".',
  },
  InvalidConfig: {
    title: 'Invalid site config',
    message: (
      p:
        | { field: string; problem: string }
        | { unknownKey: string; suggestion?: string; required?: boolean }
        | { logo: string }
        | { baseUrl: string }
        | { plannedRoute: string; page: string },
    ) =>
      'problem' in p
        ? `${p.field}: ${p.problem}`
        : 'unknownKey' in p
          ? `${p.unknownKey}: unknown key${p.suggestion ? `; did you mean \`${p.suggestion}\`${p.required ? ' (required, and missing)' : ''}?` : ''}`
          : 'logo' in p
            ? `logo: ${p.logo} was not found in the public folder`
            : 'baseUrl' in p
              ? `--base-url "${p.baseUrl}" is not an absolute http(s) URL`
              : `plannedRoutes: ${p.plannedRoute} now has a page (${p.page}); remove it from plannedRoutes`,
    hint: 'Fix the field in the site config file (site.yml in the pages folder).',
  },
  MissingConfig: {
    title: 'Missing site config',
    message: (p: { file: string }) => `No site config at ${p.file}`,
    hint: 'Create the site config file in the pages folder.',
  },
  BrokenLink: {
    title: 'Broken internal link',
    message: (p: { href: string; route: string; problem: string }) =>
      `Link "${p.href}" on ${p.route} is broken: ${p.problem}`,
    hint: 'Link to an existing route or anchor, or declare the route in plannedRoutes in the site config.',
  },
  TemplateLoadFailed: {
    title: 'Templates failed to load',
    message: (p: { problem: string } | { unbundled: string }) =>
      'problem' in p ? p.problem : `Could not bundle ${p.unbundled}`,
    hint: "Fix the theme's code at the place named above (templates/index.ts or a module it imports); the message is esbuild's or Node's.",
  },
  ProjectFolderNotEmpty: {
    title: 'The new project folder is not empty',
    message: (p: { folder: string; state: 'file' } | { folder: string; state: 'not empty'; entries: string[] }) =>
      p.state === 'file'
        ? `${p.folder} is a file, not a folder`
        : `${p.folder}/ already holds ${p.entries.join(', ')}: site new writes only into a new or empty folder`,
    hint: 'Name a folder that does not exist yet (site new my-site), or empty this one first.',
  },
  ThemeEntryMissing: {
    title: 'The theme has no entry module',
    message: (p: { folder: string; entry: string }) => `${p.folder}/ has no ${p.entry}, the module a theme starts from`,
    hint: 'Create templates/index.ts exporting `theme` (`site new <dir>` writes one, a copy of the built-in theme), or remove the templates/ folder to build with the built-in theme.',
  },
  AssetBuildFailed: {
    title: 'Asset bundling failed',
    message: (p: { problem?: string } | { noOutputFor: string } | { islandWithoutModule: string }) =>
      'noOutputFor' in p
        ? `esbuild produced no output for ${p.noOutputFor}`
        : 'islandWithoutModule' in p
          ? `Island "${p.islandWithoutModule}" has no module: create islands/${p.islandWithoutModule}.tsx exporting "hydrate"`
          : (p.problem ?? 'esbuild failed'),
    hint: 'Fix the stylesheet or island source named below.',
  },
  IslandPropsNotSerializable: {
    title: 'Island props not serializable',
    message: (p: { island: string; problem: string }) => `Island "${p.island}": ${p.problem}`,
    hint: 'Pass only JSON data (strings, numbers, booleans, arrays, plain objects) to an island.',
  },
  InvalidLayoutKey: {
    title: "The theme's layout key is not plain data",
    message: (p: { route: string; returned: string }) => `The theme's layoutKey returned ${p.returned} for ${p.route}`,
    hint: 'Return a string, number, boolean, array or plain object from layoutKey: pages with equal keys share one rendering of the Layout.',
  },
  LayoutChildren: {
    title: "The theme's Layout lost the page content",
    message: (p: { key: string; rendered: 'more than once' | 'not at all' }) =>
      `The theme's Layout must render its children exactly once; for the layout key ${p.key} it rendered them ${p.rendered}`,
    hint: "Render {children} exactly once in the Layout: it is where each page's content goes.",
  },
  BodyNotShown: {
    title: 'Page body not shown',
    message: (p: { template: string; route: string }) =>
      `Template "${p.template}" does not show the markdown body of ${p.route}`,
    hint: "This page's template does not show its markdown body. Move the text into the template's fields, add a section that shows the body (a prose section), or use a template that shows it.",
  },
  RenderFailure: {
    title: 'Unexpected Application Error!',
    message: (p: { template: string; route: string; problem: string }) =>
      `Template "${p.template}" threw while rendering ${p.route}: ${p.problem}`,
    hint: 'The template threw while rendering this page. Run with --verbose for the stack.',
  },
  WriteFailed: {
    title: 'Writing the site failed',
    message: (
      p:
        | { site: string; problem: string }
        | { moveInto: string; problem: string }
        | { file: string; problem: string }
        | { file: string; folderInTheWay: string },
    ) =>
      'site' in p
        ? `Could not write the site: ${p.problem}`
        : 'moveInto' in p
          ? `Could not move the new site into ${p.moveInto}: ${p.problem}`
          : 'folderInTheWay' in p
            ? `Could not write ${p.file}: ${p.folderInTheWay} is a folder`
            : `Could not write ${p.file}: ${p.problem}`,
    hint: 'Check the output folder is writable; the previous output was left as it was.',
  },
  UnsafeOutputFolder: {
    title: 'Unsafe output folder',
    message: (p: { folder: string; why: string }) =>
      `The output folder ${p.folder} ${p.why}; the build replaces everything in it`,
    hint: 'Choose a folder of its own for the site, such as dist/ inside the project: the build replaces everything in its output folder.',
  },
  OutputIsFile: {
    title: 'The output folder is a file',
    message: (p: { role: string; folder: string }) => `The ${p.role} ${p.folder} is an existing file, not a folder`,
    hint: 'Choose a folder for --out, or move the file away; the build never overwrites a file it did not write.',
  },
  OutputFolderNotOurs: {
    title: 'Output folder holds files site did not write',
    message: (p: { role: string; folder: string; some: string; mark: string }) =>
      `The ${p.role} ${p.folder} is not empty (${p.some}) and no build of site wrote it: it has no ${p.mark}`,
    hint: 'Choose a new or empty folder for --out. If this folder is the output of an earlier version of site, delete it once by hand.',
  },
  ForeignFileInOutput: {
    title: 'A file in the output folder was not written by site',
    message: (p: { file: string; role: string; folder: string; more?: string }) =>
      `${p.file} is in the ${p.role} ${p.folder}, but no build of site wrote it${p.more ?? ''}`,
    hint: 'Move the file out of the output folder (keep your own files in pages/public/ to publish them), or delete it; the build replaces the folder and would lose it.',
  },
  OutputSymlink: {
    title: 'Symbolic link in the output folder',
    message: (
      p: { role: string; folder: string; target?: string } | { file: string; inside: string; replaced?: true },
    ) =>
      'role' in p
        ? `The ${p.role} ${p.folder} is a symbolic link${p.target === undefined ? '' : ` (to ${p.target})`}; site never writes through one`
        : p.replaced
          ? `${p.file} in the ${p.inside} is a symbolic link, which site never writes: the build would replace it`
          : `${p.file} in the ${p.inside} is a symbolic link; site never writes through one`,
    hint: 'Point --out at a real folder and remove the link: site never writes through a symbolic link.',
  },
  LinkOutsidePages: {
    title: 'A symbolic link leads outside the pages folder',
    message: (p: { file: string; target: string }) =>
      `${p.file} is a symbolic link to ${p.target}, outside the pages folder`,
    hint: 'Copy the file into the pages folder instead of linking to it: nothing outside the pages folder is published.',
  },
  DanglingSymlink: {
    title: 'A symbolic link leads nowhere',
    message: (p: { file: string; target: string }) =>
      `${p.file} is a symbolic link to ${p.target}, which does not exist`,
    hint: 'Remove the link, or point it at a file inside the pages folder.',
  },
  PublicFileCollision: {
    title: 'A public file would overwrite a generated file',
    message: (p: {
      file: string;
      generated: string;
      madeBy: string;
      clash: 'same' | 'case' | 'folder needed' | 'file needed';
    }) =>
      p.clash === 'same' || p.clash === 'case'
        ? `${p.file} would overwrite ${p.generated}, ${p.madeBy}${p.clash === 'case' ? ' (the names differ only in case)' : ''}`
        : p.clash === 'folder needed'
          ? `${p.file} is a file where the build needs a folder for ${p.generated}, ${p.madeBy}`
          : `${p.file} needs ${p.generated} to be a folder, but the build writes it as a file, ${p.madeBy}`,
    hint: 'Rename or remove the file in the public folder: the build writes this file itself.',
  },
  CacheUnwritable: {
    title: 'The build cache cannot be written',
    message: (
      p:
        | { folder: string; reason: string; fallback: string; problem: string }
        | { themeBundle: string; problem: string },
    ) =>
      'themeBundle' in p
        ? `Could not write the theme bundle ${p.themeBundle}: ${p.problem}`
        : `${p.folder} cannot be written (${p.reason}), and neither can ${p.fallback}: ${p.problem}`,
    hint: 'Make node_modules/.cache/site a writable folder (it only holds what builds can remake), or delete it.',
  },
  NoPages: {
    title: 'No pages found',
    message: (p: { folder: string }) => `No markdown pages in ${p.folder}`,
    hint: 'Add at least one .md file to the pages folder.',
  },
  MissingPagesFolder: {
    title: 'Pages folder not found',
    message: (p: Unusable) =>
      p.state === 'missing'
        ? `There is no pages folder at ${p.folder}`
        : p.state === 'file'
          ? `${p.folder} is a file, not a pages folder`
          : `The pages folder ${p.folder} cannot be read (${p.reason})`,
    hint: 'Create the folder, or pass the content folder (the one holding the markdown pages and site.yml) with --pages.',
  },
  NotRegularFile: {
    title: 'Not a regular file',
    message: (p: { file: string; kind: string }) =>
      `${p.file} is ${p.kind}, not a regular file: site reads only regular files`,
    hint: 'Replace it with an ordinary file (a named pipe or a device would stop the build or never end).',
  },
  FileTooLarge: {
    title: 'File too large',
    message: (p: { file: string; size: number; limit: number }) =>
      `${p.file} is ${p.size.toLocaleString('en')} bytes; the limit is ${p.limit.toLocaleString('en')}`,
    hint: 'Split it into smaller files (a page per topic), or move large data out of it: the limit keeps a stray file from exhausting the memory.',
  },
  FrontmatterTooLarge: {
    title: 'Frontmatter too large',
    message: (p: { file: string; size: number; limit: number }) =>
      `The frontmatter of ${p.file} is ${p.size.toLocaleString('en')} characters; the limit is ${p.limit.toLocaleString('en')}`,
    hint: 'Keep data in the frontmatter short (titles, dates, a few fields); long text belongs in the page body.',
  },
  UnreadableFile: {
    title: 'A file cannot be read',
    message: (p: { file: string; reason: string }) => `${p.file} cannot be read (${p.reason})`,
    hint: 'Check that the file exists and that you may read it (its permissions), then build again.',
  },
  EmptyPage: {
    title: 'Empty page',
    message: (p: { file: string; blank?: true }) =>
      p.blank ? `${p.file} is empty` : `${p.file} has no frontmatter fields and no text`,
    hint: "Write the page's text (a first # heading gives its title, unless the frontmatter names one), or delete the file.",
  },
  EmptyConfig: {
    title: 'Empty site config',
    message: (p: { file: string }) => `${p.file} is empty: it holds no settings`,
    hint: "Write at least the site's name and base URL (name: My notes, baseUrl: https://example.org); the theme may ask for more fields.",
  },
  InvalidEncoding: {
    title: 'Text is not valid UTF-8',
    message: (
      p: { file: string; utf16: true } | { file: string; byte: string; line: number; column: number } | Character,
    ) =>
      'utf16' in p
        ? `${p.file} is saved as UTF-16; pages and the site config are read as UTF-8`
        : 'byte' in p
          ? `${p.file} is not valid UTF-8: the byte ${p.byte} at line ${p.line}, column ${p.column} is not part of a character (a file saved as Latin-1 or Windows-1252 looks like this)`
          : characterAt(p),
    hint: 'Save the file as UTF-8 (in most editors: Save with Encoding, UTF-8), then check the characters at the line shown.',
  },
  BinaryContent: {
    title: 'Binary data in a text file',
    message: (p: { file: string; line: number }) =>
      `${p.file} holds a NUL byte at line ${p.line}: it is binary data, not text`,
    hint: 'The file holds NUL bytes, so it is not text: restore it from a copy. Images and downloads belong in the public folder.',
  },
  ControlCharacter: {
    title: 'Invisible control character',
    message: (p: Character) => `${characterAt(p)}${INVISIBLE}`,
    hint: 'Delete the character (often pasted in by accident). For right-to-left text, use the isolates U+2066 to U+2069 or the marks U+200E and U+200F rather than embeddings and overrides.',
  },
  UnsafeYaml: {
    title: 'YAML that could run code or build objects',
    message: (p: { language: string } | { tag: string }) =>
      'language' in p
        ? `The frontmatter is declared as "${p.language}" (after its opening ---): frontmatter is read as YAML only, never run as code`
        : `The tag ${p.tag} is not allowed`,
    hint: 'Remove the tag: only plain YAML is read (text, numbers, true/false, null, lists and mappings), and tags such as !!js/function are never run.',
  },
  YamlAliasLimit: {
    title: 'Too much repeated through YAML aliases',
    message: (p: { cycle: true; alias?: string } | { limit: number; alias?: string }) =>
      'cycle' in p
        ? p.alias === undefined
          ? 'An alias refers to the list or mapping that contains it'
          : `*${p.alias} refers to the list or mapping that contains it, which would repeat forever`
        : p.alias === undefined
          ? `Aliases repeat more than ${p.limit} values`
          : `Aliases repeat more than ${p.limit.toLocaleString('en')} values by here (*${p.alias}); the limit guards against documents that multiply themselves`,
    hint: 'Write the values out, or repeat less through aliases (*name): a few aliases are fine, but not a structure that multiplies itself.',
  },
  MissingServeFolder: {
    title: 'Folder to serve not found',
    message: (p: Unusable & { resolved: string }) =>
      p.state === 'missing'
        ? `There is no folder ${p.folder} to serve (${p.resolved} does not exist).`
        : p.state === 'file'
          ? `${p.folder} is a file, not a folder of built pages (${p.resolved}).`
          : `The folder ${p.folder} to serve cannot be read: ${p.reason}`,
    hint: 'Build the site first (site build writes dist/), or pass the built folder with --dir.',
  },
  UnsafeServeFolder: {
    title: 'Unsafe folder to serve',
    message: (p: { folder: string; why: string } | { folder: string; mark: string }) =>
      'why' in p
        ? `${p.folder} ${p.why}: serving it would publish every file in it to whoever reaches the port`
        : `${p.folder} holds no ${p.mark}: it is not a folder site built, and serving it would publish every file in it`,
    hint: 'Serve the folder a build wrote (site build writes dist/). To serve another folder, add --any-dir; the root and home folders are never served.',
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
    hint: 'Run `npm run compile` in the engine’s folder (a few seconds), or keep `npm run compile:watch` running while you edit the engine; then run the command again.',
  },
  StaleEngine: {
    title: 'Compiled engine out of date',
    message: (p: { changed: string }) =>
      `${p.changed} changed after lib/ was compiled: lib/ would run the engine as it was before`,
    hint: 'Run `npm run compile` in the engine’s folder (a few seconds), or keep `npm run compile:watch` running while you edit the engine; then run the command again.',
  },
  MarkdownPluginNotFound: {
    title: 'Markdown plugin not found',
    message: (p: { plugin: string; root: string; local: boolean }) =>
      `Markdown plugin "${p.plugin}" is not ${p.local ? 'a file' : 'installed'} in the project (${p.root})`,
    hint: 'Install the package in the project (npm install <name>), or correct its name under markdown.plugins in the site config.',
  },
  MarkdownPluginFailed: {
    title: 'Markdown plugin cannot be used',
    message: (
      p: { plugin: string } & (
        | { failedToLoad: string; problem: string }
        | { exportsNoPlugin: string }
        | { presetWithOptions: true }
        | { unresolvable: string }
        | { failedToStart: string }
      ),
    ) =>
      'failedToLoad' in p
        ? `Markdown plugin "${p.plugin}" failed to load (${p.failedToLoad}): ${p.problem}`
        : 'exportsNoPlugin' in p
          ? `Markdown plugin "${p.plugin}" exports no remark plugin: its default export is ${p.exportsNoPlugin}`
          : 'presetWithOptions' in p
            ? `Markdown plugin "${p.plugin}" is a preset, which takes no options`
            : 'unresolvable' in p
              ? `Markdown plugin "${p.plugin}" cannot be resolved: ${p.unresolvable}`
              : `Markdown plugin "${p.plugin}" failed to start: ${p.failedToStart}`,
    hint: 'Check the plugin and its options under markdown.plugins in the site config (its documentation lists them); run with --verbose for the stack.',
  },
  MarkdownFailed: {
    title: 'Markdown plugin failed on a page',
    message: (p: { who: string; file: string; problem: string }) => `${p.who} failed on ${p.file}: ${p.problem}`,
    hint: 'The plugin named below threw while rendering this page: change the markdown it objects to, or its options under markdown.plugins in the site config. Run with --verbose for the stack.',
  },
  DuplicateId: {
    title: 'Two elements of a page share an id',
    message: (p: { route: string; id: string; heading?: string }) =>
      `Two elements of ${p.route} have the id "${p.id}"${p.heading === undefined ? '' : `: one is the markdown heading "${p.heading}"`}`,
    hint: 'Rename the heading (its id is made from its text) or the field that gives the other element its id: links, labels and scripts find the first element with an id, never the second.',
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

/** Hints for the operating system's refusals that say more than the catalogue's. */
export const SYSTEM_HINTS: Record<string, string> = {
  EACCES:
    'You may not read or write the file or folder named: check its permissions (ls -l), or choose a folder of your own (--out, --pages).',
  EPERM:
    'The operating system does not allow this on the file or folder named: check its permissions and whether another program holds it.',
  ENOSPC:
    'The disk is full: free some space, then run site again (a failed build leaves the previous output as it was).',
  EDQUOT: 'Your disk quota is used up: free some space, then run site again.',
  EMFILE: 'Too many files are open at once: raise the limit (ulimit -n) or close other programs, then run site again.',
  ENFILE: 'The system has too many files open: close other programs, then run site again.',
  EROFS: 'The file system is read-only: choose a writable folder (--out for the output).',
  ENOENT: 'A file or folder vanished while site used it (did another program remove it?): run site again.',
  EBUSY: 'Another program is using the file or folder named: close it, then run site again.',
};

export type ErrorKind = keyof typeof ErrorKinds;
/** The facts a kind's message is made from. */
export type MessageParams<K extends ErrorKind> = Parameters<(typeof ErrorKinds)[K]['message']>[0];

/** What a build reports without failing: each kind with its title, message and hint, as errors have. */
export const WarningKinds = {
  ServingBeyondLoopback: {
    title: 'Reachable from the network',
    message: (p: { host: string; url: string; watch: boolean }) =>
      `Listening on ${p.host}: anyone who can reach this machine can open ${p.url}${p.watch ? ', and the error overlay shows file paths from your project' : ''}`,
    hint: 'Leave --host out (127.0.0.1) to keep the preview on this machine.',
  },
  LongTitles: {
    title: 'Titles too long for search results',
    message: (p: { count: number; max: number; suffix: string; files: string[]; configField?: string }) =>
      `${p.count} page title${p.count === 1 ? ' is' : 's are'} longer than ${p.max} characters with "${p.suffix}" appended${p.configField ? ` (the site's ${p.configField})` : ''}: ${p.files.slice(0, 5).join(', ')}${p.files.length > 5 ? `, and ${p.files.length - 5} more` : ''}`,
    hint: "Search results cut titles at about 70 characters: shorten the site name in the site config, or those pages' titles.",
  },
  NearMissKey: {
    title: 'A frontmatter key that looks like a misspelt field',
    message: (p: { file: string; line?: number; key: string; suggestion: string; template: string }) =>
      `${p.file}${p.line === undefined ? '' : `:${p.line}`} (field: ${p.key}): the template "${p.template}" takes ${p.key} as data; did you mean \`${p.suggestion}\`?`,
    hint: 'Rename the key if it was meant to be that field. A template that takes other keys as data (z.looseObject) cannot tell a slip from data of its own.',
  },
  PlannedRouteLinked: {
    title: 'Links to planned routes',
    message: (p: { routes: string[] }) =>
      `${p.routes.length} planned route${p.routes.length === 1 ? ' has' : 's have'} no page yet and will answer 404: ${p.routes.join(', ')}`,
    hint: 'These routes are declared in plannedRoutes in the site config and will answer 404 until their pages are written.',
  },
  CacheUnwritable: {
    title: 'Caching elsewhere',
    message: (p: { folder: string; reason: string; fallback: string }) =>
      `${p.folder} cannot be written (${p.reason}): the build caches in ${p.fallback} instead`,
    hint: 'Builds work as they are, only slower on a fresh temporary folder. To cache in the project again, make node_modules/.cache/site a writable folder (remove whatever is in its place).',
  },
  OutputRestored: {
    title: 'Output folder restored',
    message: (p: { folder: string; pid: number; files: number }) =>
      `${p.folder} was missing: a build (process ${p.pid}) was killed while moving its finished site into place; that site (${p.files.toLocaleString('en')} files, complete) is now in ${p.folder}`,
    hint: 'Nothing to do: the output folder holds a complete site again. Build once more if the pages changed since that build started.',
  },
} as const;

export type WarningKind = keyof typeof WarningKinds;
export type WarningParams<K extends WarningKind> = Parameters<(typeof WarningKinds)[K]['message']>[0];
