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
  NoPages: { title: 'No pages found', hint: 'Add at least one .md file to the pages folder.' },
} as const;

export type ErrorKind = keyof typeof ErrorKinds;

export interface SiteErrorDetails {
  file?: string;
  field?: string;
  line?: number;
  /** Overrides the catalogue's hint when the situation allows a more precise one. */
  hint?: string;
  cause?: unknown;
}

/** Marks errors so `instanceof` holds across bundled copies of this module (the theme bundles its own). */
const SITE_ERROR = Symbol.for('site.SiteError');
const SITE_ERRORS = Symbol.for('site.SiteErrors');
const branded = (value: unknown, brand: symbol) => typeof value === 'object' && value !== null && brand in value;

export class SiteError extends Error {
  static override [Symbol.hasInstance](value: unknown): boolean {
    return branded(value, SITE_ERROR);
  }
  readonly [SITE_ERROR] = true;
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
  static override [Symbol.hasInstance](value: unknown): boolean {
    return branded(value, SITE_ERRORS);
  }
  readonly [SITE_ERRORS] = true;
  readonly errors: SiteError[];
  constructor(errors: SiteError[]) {
    super(`${errors.length} error${errors.length === 1 ? '' : 's'}: ${errors.map((e) => e.name).join(', ')}`);
    this.name = 'SiteErrors';
    this.errors = errors;
  }
}

/** Flattens whatever was thrown into the list of SiteErrors it carries. */
export function siteErrorsOf(error: unknown): SiteError[] {
  if (error instanceof SiteErrors) return error.errors;
  if (error instanceof SiteError) return [error];
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
