/**
 * The error catalogue. Every failure the generator can report has a permanent
 * name (like Astro's error data), a title, and a hint that says what to do.
 * A SiteError always names the input file where one is known.
 */

export const ErrorKinds = {
  MalformedYaml: { title: 'Malformed YAML', hint: 'Fix the YAML syntax at the line shown (indentation, quotes, colons).' },
  InvalidFrontmatter: { title: 'Invalid frontmatter', hint: "Make the field match the template's schema; unknown keys are errors, so check the spelling." },
  UnknownTemplate: { title: 'Unknown template', hint: 'Use one of the registered templates, or register the new one in templates/registry.ts.' },
  DuplicateRoute: { title: 'Duplicate route', hint: 'Two files claim one route. Rename or remove one of them.' },
  UnsafeRoute: { title: 'Unsafe route', hint: 'Routes use lowercase letters, digits and hyphens, separated by "/"; they may not leave the output folder.' },
  InvalidConfig: { title: 'Invalid site config', hint: 'Fix the field in the site config file; every company fact lives there once.' },
  MissingConfig: { title: 'Missing site config', hint: 'Create the site config file in the pages folder.' },
  BrokenLink: { title: 'Broken internal link', hint: 'Link to an existing route or anchor, or declare the route in plannedRoutes in the site config.' },
  TemplateLoadFailed: { title: 'Templates failed to load', hint: 'Fix the template source; the error below comes from bundling or importing it.' },
  AssetBuildFailed: { title: 'Asset bundling failed', hint: 'Fix the stylesheet or island source named below.' },
  IslandPropsNotSerializable: { title: 'Island props not serializable', hint: 'Pass only JSON data (strings, numbers, booleans, arrays, plain objects) to an island.' },
  InvalidLayoutKey: { title: "The theme's layout key is not plain data", hint: 'Return a string, number, boolean, array or plain object from layoutKey: pages with equal keys share one rendering of the Layout.' },
  LayoutChildren: { title: "The theme's Layout lost the page content", hint: 'Render {children} exactly once in the Layout: it is where each page\'s content goes.' },
  BodyNotShown: { title: 'Page body not shown', hint: "This page's template does not show its markdown body. Move the text into the template's fields, add a section that shows the body (a prose section), or use a template that shows it." },
  RenderFailure: { title: 'Unexpected Application Error!', hint: 'The template threw while rendering this page. Run with --verbose for the stack.' },
  WriteFailed: { title: 'Writing the site failed', hint: 'Check the output folder is writable; the previous output was left as it was.' },
  UnsafeOutputFolder: { title: 'Unsafe output folder', hint: 'Choose a folder of its own for the site, such as dist/ inside the project: the build replaces everything in its output folder.' },
  OutputIsFile: { title: 'The output folder is a file', hint: 'Choose a folder for --out, or move the file away; the build never overwrites a file it did not write.' },
  OutputFolderNotOurs: { title: 'Output folder holds files site did not write', hint: 'Choose a new or empty folder for --out. If this folder is the output of an earlier version of site, delete it once by hand.' },
  ForeignFileInOutput: { title: 'A file in the output folder was not written by site', hint: 'Move the file out of the output folder (keep your own files in pages/public/ to publish them), or delete it; the build replaces the folder and would lose it.' },
  OutputSymlink: { title: 'Symbolic link in the output folder', hint: 'Point --out at a real folder and remove the link: site never writes through a symbolic link.' },
  LinkOutsidePages: { title: 'A symbolic link leads outside the pages folder', hint: 'Copy the file into the pages folder instead of linking to it: nothing outside the pages folder is published.' },
  DanglingSymlink: { title: 'A symbolic link leads nowhere', hint: 'Remove the link, or point it at a file inside the pages folder.' },
  PublicFileCollision: { title: 'A public file would overwrite a generated file', hint: 'Rename or remove the file in the public folder: the build writes this file itself.' },
  CacheUnwritable: { title: 'The build cache cannot be written', hint: 'Make node_modules/.cache/site a writable folder (it only holds what builds can remake), or delete it.' },
  NoPages: { title: 'No pages found', hint: 'Add at least one .md file to the pages folder.' },
  MissingPagesFolder: { title: 'Pages folder not found', hint: 'Create the folder, or pass the content folder (the one holding the markdown pages and site.yml) with --pages.' },
  UnreadableFile: { title: 'A file cannot be read', hint: 'Check that the file exists and that you may read it (its permissions), then build again.' },
  EmptyPage: { title: 'Empty page', hint: 'Write the page: frontmatter between two --- lines with at least a title and a description, then its text. Or delete the file.' },
  EmptyConfig: { title: 'Empty site config', hint: 'Fill in the site config: name, baseUrl, contact details, navigation and the other facts every page uses.' },
  InvalidEncoding: { title: 'Text is not valid UTF-8', hint: 'Save the file as UTF-8 (in most editors: Save with Encoding, UTF-8), then check the characters at the line shown.' },
  BinaryContent: { title: 'Binary data in a text file', hint: 'The file holds NUL bytes, so it is not text: restore it from a copy. Images and downloads belong in the public folder.' },
  ControlCharacter: { title: 'Invisible control character', hint: 'Delete the character (often pasted in by accident). For right-to-left text, use the isolates U+2066 to U+2069 or the marks U+200E and U+200F rather than embeddings and overrides.' },
  UnsafeYaml: { title: 'YAML that could run code or build objects', hint: 'Remove the tag: only plain YAML is read (text, numbers, true/false, null, lists and mappings), and tags such as !!js/function are never run.' },
  YamlAliasLimit: { title: 'Too much repeated through YAML aliases', hint: 'Write the values out, or repeat less through aliases (*name): a few aliases are fine, but not a structure that multiplies itself.' },
  MissingServeFolder: { title: 'Folder to serve not found', hint: 'Build the site first (site build writes dist/), or pass the built folder with --dir.' },
  MarkdownPluginNotFound: { title: 'Markdown plugin not found', hint: 'Install the package in the project (npm install <name>), or correct its name under markdown.plugins in the site config.' },
  MarkdownPluginFailed: { title: 'Markdown plugin cannot be used', hint: 'Check the plugin and its options under markdown.plugins in the site config (its documentation lists them); run with --verbose for the stack.' },
  MarkdownFailed: { title: 'Markdown plugin failed on a page', hint: 'The plugin named below threw while rendering this page: change the markdown it objects to, or its options under markdown.plugins in the site config. Run with --verbose for the stack.' },
  DuplicateId: { title: 'Two elements of a page share an id', hint: 'Rename the heading (its id is made from its text) or the field that gives the other element its id: links, labels and scripts find the first element with an id, never the second.' },
} as const;

export type ErrorKind = keyof typeof ErrorKinds;

/** What a build reports without failing: each kind with its title and hint, as errors have. */
export const WarningKinds = {
  PlannedRouteLinked: { title: 'Links to planned routes', hint: 'These routes are declared in plannedRoutes in the site config and will answer 404 until their pages are written.' },
  CacheUnwritable: { title: 'Caching elsewhere', hint: 'Builds work as they are, only slower on a fresh temporary folder. To cache in the project again, make node_modules/.cache/site a writable folder (remove whatever is in its place).' },
} as const;

export type WarningKind = keyof typeof WarningKinds;

/** A warning: printed as `kind: message (hint: …)`, never failing the build. */
export class SiteWarning {
  readonly title: string;
  readonly hint: string;
  constructor(
    readonly kind: WarningKind,
    readonly message: string,
    details: { hint?: string; file?: string } = {},
  ) {
    this.title = WarningKinds[kind].title;
    this.hint = details.hint ?? WarningKinds[kind].hint;
    this.file = details.file;
  }

  readonly file?: string;

  toString(): string {
    return `${this.kind}: ${this.message} (hint: ${this.hint})`;
  }
}

export interface SiteErrorDetails {
  file?: string;
  field?: string;
  line?: number;
  /** Overrides the catalogue's hint when the situation allows a more precise one. */
  hint?: string;
  cause?: unknown;
}

/**
 * A failure the user can fix, with its catalogue entry. The theme imports this very module (through
 * generator/theme.ts, never a bundled copy), so one class serves the engine and the theme.
 */
export class SiteError extends Error {
  /** Whether `value` is a SiteError: use this, not `instanceof`, where a check is needed. */
  static is(value: unknown): value is SiteError {
    return value instanceof SiteError;
  }

  readonly kind: ErrorKind;
  readonly title: string;
  readonly file?: string;
  readonly field?: string;
  readonly line?: number;
  readonly hint: string;

  constructor(kind: ErrorKind, message: string, details: SiteErrorDetails = {}) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.name = kind;
    this.kind = kind;
    this.title = ErrorKinds[kind].title;
    this.file = details.file;
    this.field = details.field;
    this.line = details.line;
    this.hint = details.hint ?? ErrorKinds[kind].hint;
  }

  /** "pages/about.md:12 (field: stats[0].label)" */
  get location(): string {
    const where = this.file ? `${this.file}${this.line ? `:${this.line}` : ''}` : '';
    const field = this.field ? `field: ${this.field}` : '';
    return [where, field && (where ? `(${field})` : field)].filter(Boolean).join(' ');
  }
}

/** Several errors found in one pass (every invalid page is reported at once). */
export class SiteErrors extends Error {
  static is(value: unknown): value is SiteErrors {
    return value instanceof SiteErrors;
  }

  readonly errors: SiteError[];
  constructor(errors: SiteError[]) {
    super(`${errors.length} error${errors.length === 1 ? '' : 's'}: ${errors.map((e) => e.name).join(', ')}`);
    this.name = 'SiteErrors';
    this.errors = errors;
  }
}

/** Flattens whatever was thrown into the list of SiteErrors it carries. */
export function siteErrorsOf(error: unknown): SiteError[] {
  if (SiteErrors.is(error)) return error.errors;
  if (SiteError.is(error)) return [error];
  return [];
}

/**
 * Runs `each` on every item and collects the SiteErrors it throws, so every bad item is reported, not just
 * the first. Any other error (a bug, not bad input) is thrown at once.
 */
export function collectErrors<T, R>(items: Iterable<T>, each: (item: T) => R): { results: R[]; errors: SiteError[] } {
  const results: R[] = [];
  const errors: SiteError[] = [];
  for (const item of items) {
    try {
      results.push(each(item));
    } catch (error) {
      const found = siteErrorsOf(error);
      if (found.length === 0) throw error;
      errors.push(...found);
    }
  }
  return { results, errors };
}

/** Throws the collected errors, if any: one SiteError alone, several together. */
export function throwIfAny(errors: SiteError[]): void {
  if (errors.length === 1) throw errors[0];
  if (errors.length > 1) throw new SiteErrors(errors);
}

/** A SiteError as plain data, to cross from a worker thread (structured cloning drops the class). */
export interface PlainSiteError {
  kind: ErrorKind;
  message: string;
  file?: string;
  field?: string;
  line?: number;
  hint: string;
  cause?: string;
}

export const toPlain = (error: SiteError): PlainSiteError => ({
  kind: error.kind,
  message: error.message,
  file: error.file,
  field: error.field,
  line: error.line,
  hint: error.hint,
  cause: error.cause instanceof Error ? error.cause.stack : error.cause === undefined ? undefined : String(error.cause),
});

export const fromPlain = (plain: PlainSiteError): SiteError =>
  new SiteError(plain.kind, plain.message, { file: plain.file, field: plain.field, line: plain.line, hint: plain.hint, cause: plain.cause });
