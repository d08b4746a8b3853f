/** Errors of reading the pages: their files, text, frontmatter, YAML and routes. */
import { type Character, characterAt, INVISIBLE } from './shapes';

export const PAGE_ERRORS = {
  MalformedYaml: {
    title: 'Malformed YAML',
    message: (p: { problem: string }) => p.problem,
    hint: 'Fix the YAML syntax at the line shown (indentation, quotes, colons).',
  },
  UnclosedFrontmatter: {
    title: 'Frontmatter never closed',
    message: () => 'The frontmatter opened by the --- on line 1 is never closed',
    hint: 'End the frontmatter with a line of three dashes (---) before the page text.',
  },
  // One kind for nesting written out and nesting that aliases repeat: the same limit, the parenthesis says which.
  YamlTooDeep: {
    title: 'YAML nested too deep',
    message: (p: { tooDeep: number; aliases?: boolean }) =>
      `Lists and mappings are nested more than ${p.tooDeep} levels deep${p.aliases ? ' (counting what aliases repeat)' : ''}`,
    hint: "Nest lists and mappings less deeply: frontmatter holds a page's fields, not deep data.",
  },
  UnknownYamlAlias: {
    title: 'A YAML alias with no anchor',
    message: (p: { alias: string }) => `*${p.alias} refers to no anchor: no value before it is marked &${p.alias}`,
    hint: "Mark the value to repeat with &name before the alias *name, correct the alias's spelling, or quote a text that starts with *.",
  },
  YamlKeyNotText: {
    title: 'A YAML key that is not text',
    message: () => 'A key must be plain text, not a list, a mapping or an alias',
    hint: 'Write the key as plain text (title: …); a list or mapping goes in the value.',
  },
  InvalidFrontmatter: {
    title: 'Invalid frontmatter',
    message: (p: { field: string; problem: string }) => `${p.field}: ${p.problem}`,
    hint: "Make the field match the template's schema; unknown keys are errors, so check the spelling.",
  },
  UnknownFrontmatterKey: {
    title: 'Unknown frontmatter key',
    message: (p: { unknownKey: string; suggestion?: string; required?: boolean }) =>
      `${p.unknownKey}: unknown key (not in the template's schema)${p.suggestion ? `; did you mean \`${p.suggestion}\`${p.required ? ' (required, and missing)' : ''}?` : ''}`,
    hint: "Remove the key, or correct its spelling: a page's frontmatter takes the fields of its template's schema.",
  },
  FrontmatterNotFields: {
    title: 'Frontmatter that is not fields',
    message: (p: { notFields: 'a list' | 'a single value' }) =>
      `The frontmatter must be fields (key: value lines), not ${p.notFields}`,
    hint: 'Write the frontmatter as key: value lines (title: About us), one field a line.',
  },
  TokenInFrontmatterKey: {
    title: 'A config token in a frontmatter key',
    message: (p: { tokenInKey: string }) =>
      `A config token ({{ ... }}) stands in the key ${p.tokenInKey}: tokens go in values only`,
    hint: 'Move the token into the value (`key: {{ name }}`), or write the key out.',
  },
  UnknownToken: {
    title: 'Unknown config token',
    message: (p: { token: string; suggestion?: string }) =>
      `${p.token} is not a text value of the site config${p.suggestion ? `: did you mean ${p.suggestion}?` : ''}`,
    hint: 'A token names a text value of site.yml by its dotted path. To show the braces as written, put the text in `code` or write `\\{{ ... }}`.',
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
  IndexRoute: {
    title: 'A route that ends in /index',
    message: (p: { route: string; file: string; written: string; served: string }) =>
      `${p.route} (${p.file}) would be written as ${p.written}, the file hosts serve at ${p.served}: its own address would answer 404`,
    hint: 'Rename the folder or the file so that its route does not end in /index, or give the page a slug (slug: …).',
  },
  InvalidPermalink: {
    title: 'An address that is no route',
    message: (p: { field: string; written: string; problem: string }) =>
      `${p.field}: "${p.written}" names no route of this site: ${p.problem}`,
    hint: 'Write the address as a path of this site (/docs/install, /docs/install/ or /docs/install.html are one route); a folder takes a pattern with the date in it from permalinks in site.yml (docs/pages.md).',
  },
  UnsafeRoute: {
    title: 'Unsafe route',
    message: (p: { route: string; segment: string }) =>
      `"${p.route}" is not a safe route: segment "${p.segment}" is not a file name written as a lowercase URL path segment`,
    hint: 'A slug is lowercase, written as in a URL: letters, digits and -._~!$\'()*+,@ as they are, anything else percent-encoded (my-page, c++, caf%C3%A9); not "." or "..", no "/".',
  },
  UnportableName: {
    title: 'A name that cannot be published everywhere',
    message: (p: { route: string; name: string; problem: string }) =>
      `The route ${p.route} would write the name "${p.name}" into the output folder, and that name ${p.problem}`,
    hint: 'Rename the file (or folder), or give the page a slug (slug: …) of letters, digits and hyphens.',
  },
  NoPages: {
    title: 'No pages found',
    message: (p: { folder: string }) => `No markdown pages in ${p.folder}`,
    hint: 'Add at least one .md file to the pages folder.',
  },
  MissingPagesFolder: {
    title: 'Pages folder not found',
    message: (p: { folder: string }) => `There is no pages folder at ${p.folder}`,
    hint: 'Create the folder, or pass the content folder (the one holding the markdown pages and site.yml) with --pages.',
  },
  PagesFolderIsFile: {
    title: 'The pages folder is a file',
    message: (p: { folder: string }) => `${p.folder} is a file, not a pages folder`,
    hint: 'Pass the content folder (the one holding the markdown pages and site.yml) with --pages, not a file in it.',
  },
  UnreadablePagesFolder: {
    title: 'The pages folder cannot be read',
    message: (p: { folder: string; reason: string }) => `The pages folder ${p.folder} cannot be read (${p.reason})`,
    hint: 'Check that you may read the folder and the folders in it (their permissions), or pass another content folder with --pages.',
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
    hint: 'Split a page into smaller ones (a page per topic), or move large data out of it; put a file this large (a video, an archive) on a file host and link to it. The limit keeps a stray file from exhausting the memory.',
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
  Utf16File: {
    title: 'File saved as UTF-16',
    message: (p: { file: string }) => `${p.file} is saved as UTF-16; pages and the site config are read as UTF-8`,
    hint: 'Save the file again as UTF-8 (in most editors: Save with Encoding, UTF-8; on the command line: iconv -f UTF-16 -t UTF-8).',
  },
  InvalidUtf8: {
    title: 'Text is not valid UTF-8',
    message: (p: { file: string; byte: string; line: number; column: number }) =>
      `${p.file} is not valid UTF-8: the byte ${p.byte} at line ${p.line}, column ${p.column} is not part of a character (a file saved as Latin-1 or Windows-1252 looks like this)`,
    hint: 'Save the file as UTF-8 (in most editors: Save with Encoding, UTF-8), then check the character at the line and column shown: retype it if it shows wrongly.',
  },
  // Only a YAML escape can make one: a file is decoded as strict UTF-8, which cannot hold half a pair.
  LoneSurrogate: {
    title: 'Half a surrogate pair',
    message: (p: Character) => characterAt(p),
    hint: 'An escape from \\uD800 to \\uDFFF alone names half of a character. Write the character itself (the file is UTF-8), or escape it whole: "\\U0001F600", or both halves together, "\\uD83D\\uDE00".',
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
    hint: 'Delete the character at the column shown, right after the quoted text (often pasted in by accident). For right-to-left text, use the isolates U+2066 to U+2069 or the marks U+200E and U+200F rather than embeddings and overrides.',
  },
  UnsafeYaml: {
    title: 'YAML that could run code or build objects',
    message: (p: { tag: string }) => `The tag ${p.tag} is not allowed`,
    hint: 'Remove the tag: only plain YAML is read (text, numbers, true/false, null, lists and mappings), and tags such as !!js/function are never run.',
  },
  FrontmatterNotYaml: {
    title: 'Frontmatter in a language other than YAML',
    message: (p: { language: string }) =>
      `The frontmatter is declared as "${p.language}" (after its opening ---): frontmatter is read as YAML only, never run as code`,
    hint: 'Write the frontmatter in YAML between two --- lines, with nothing after the opening ---.',
  },
  TomlFrontmatter: {
    title: 'Frontmatter in TOML',
    message: () =>
      "The frontmatter is TOML, between +++ lines (Hugo's): frontmatter is read as YAML only, so its fields would be lost and shown on the page as text",
    hint: 'Write it in YAML between two --- lines (title = "Post" becomes title: "Post"); Hugo converts every page of a site at once with hugo convert toYAML.',
  },
  YamlAliasLimit: {
    title: 'Too much repeated through YAML aliases',
    message: (p: { limit: number; alias?: string }) =>
      p.alias === undefined
        ? `Aliases repeat more than ${p.limit} values`
        : `Aliases repeat more than ${p.limit.toLocaleString('en')} values by here (*${p.alias}); the limit guards against documents that multiply themselves`,
    hint: 'Write the values out, or repeat less through aliases (*name): a few aliases are fine, but not a structure that multiplies itself.',
  },
  YamlAliasCycle: {
    title: 'A YAML alias inside what it names',
    message: (p: { alias?: string }) =>
      p.alias === undefined
        ? 'An alias refers to the list or mapping that contains it'
        : `*${p.alias} refers to the list or mapping that contains it, which would repeat forever`,
    hint: 'Move the alias (*name) out of the list or mapping its anchor (&name) marks, or write the values out.',
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
} as const;
