/** Errors of the theme: loading it, bundling its assets, and rendering pages with it. */
export const THEME_ERRORS = {
  TemplateLoadFailed: {
    title: 'Templates failed to load',
    message: (p: { problem: string }) => p.problem,
    hint: "Fix the theme's code at the place named above (templates/index.ts or a module it imports); the message is esbuild's or Node's.",
  },
  ThemeEntryMissing: {
    title: 'The theme has no entry module',
    message: (p: { folder: string; entry: string }) => `${p.folder}/ has no ${p.entry}, the module a theme starts from`,
    hint: 'Create templates/index.ts exporting `theme` (`site new <dir>` writes one, a copy of the built-in theme), or remove the templates/ folder to build with the built-in theme.',
  },
  AssetBuildFailed: {
    title: 'Asset bundling failed',
    message: (p: { problem?: string }) => p.problem ?? 'esbuild failed',
    hint: "Fix the stylesheet or island source at the place named above; the message is esbuild's.",
  },
  IslandSourceEditMissed: {
    title: "An edit of a package's source found nothing",
    message: (p: { file: string; find: string }) =>
      `theme.islandSourceEdits: ${p.find} is not in ${p.file}, which the islands' bundle reads`,
    hint: 'The package changed (an upgrade?): look at the file and correct the edit in the theme (templates/index.ts), or remove it if the package no longer does what it cut.',
  },
  IslandSourceEditInvalid: {
    title: "An edit of a package's source is not valid",
    message: (p: { file: string; problem: string }) => `theme.islandSourceEdits: "${p.file}": ${p.problem}`,
    hint: 'Name the file by its import path (`sonner/dist/index.mjs`), and give `find` as a string or a RegExp that is not empty and `replace` as a string (docs/templates.md).',
  },
  IslandWithoutModule: {
    title: 'An island has no module',
    message: (p: { island: string }) =>
      `Island "${p.island}" has no module: create islands/${p.island}.tsx exporting "hydrate"`,
    hint: "Create the island's module in islands/ (it exports hydrate), or correct the island's name where the template uses it.",
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
  ThemeFunctionFailed: {
    title: "A theme's function threw",
    message: (p: { fn: string; template?: string; route?: string; problem: string }) =>
      `The theme's ${p.fn}${p.template === undefined ? '' : ` (template "${p.template}")`} threw${p.route === undefined ? '' : ` for ${p.route}`}: ${p.problem}`,
    hint: 'Fix the function named above in the theme (templates/): it must return a value for every page and entry it is given, not throw. Run with --verbose for the stack.',
  },
  RenderFailure: {
    title: 'Unexpected Application Error!',
    message: (p: { template: string; route: string; problem: string }) =>
      `Template "${p.template}" threw while rendering ${p.route}: ${p.problem}`,
    hint: 'The template threw while rendering this page. Run with --verbose for the stack.',
  },
  DuplicateId: {
    title: 'Two elements of a page share an id',
    message: (p: { route: string; id: string; heading?: string }) =>
      `Two elements of ${p.route} have the id "${p.id}"${p.heading === undefined ? '' : `: one is the markdown heading "${p.heading}"`}`,
    hint: 'Rename the heading (its id is made from its text) or the field that gives the other element its id: links, labels and scripts find the first element with an id, never the second.',
  },
} as const;
