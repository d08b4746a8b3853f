/** Errors of the site config (site.yml). */
export const CONFIG_ERRORS = {
  InvalidConfig: {
    title: 'Invalid site config',
    message: (p: { field: string; problem: string }) => `${p.field}: ${p.problem}`,
    hint: 'Fix the field in the site config file (site.yml in the pages folder).',
  },
  UnknownConfigKey: {
    title: 'Unknown key in the site config',
    message: (p: { unknownKey: string; suggestion?: string; required?: boolean }) =>
      `${p.unknownKey}: unknown key${p.suggestion ? `; did you mean \`${p.suggestion}\`${p.required ? ' (required, and missing)' : ''}?` : ''}`,
    hint: "Remove the key, or correct its spelling: the site config takes the engine's fields and the theme's only.",
  },
  LogoNotFound: {
    title: 'Logo not found',
    message: (p: { logo: string }) => `logo: ${p.logo} was not found in the public folder`,
    hint: 'Put the logo file in the public folder (public/ in the pages folder), or correct logo: in the site config.',
  },
  InvalidBaseUrl: {
    title: 'Invalid base URL',
    message: (p: { baseUrl: string; problem: string }) => `--base-url "${p.baseUrl}": ${p.problem}`,
    hint: 'Pass an absolute http or https URL with --base-url, such as https://example.org.',
  },
  PlannedRouteHasPage: {
    title: 'A planned route has a page',
    message: (p: { plannedRoute: string; page: string }) =>
      `plannedRoutes: ${p.plannedRoute} now has a page (${p.page}); remove it from plannedRoutes`,
    hint: 'Remove the route from plannedRoutes in the site config (site.yml in the pages folder): it has a page now.',
  },
  MissingConfig: {
    title: 'Missing site config',
    message: (p: { file: string }) => `No site config at ${p.file}`,
    hint: "Create it, with at least the site's name and base URL (name: My notes, baseUrl: https://example.org), or start a project with `site new <folder>`.",
  },
  EmptyConfig: {
    title: 'Empty site config',
    message: (p: { file: string }) => `${p.file} is empty: it holds no settings`,
    hint: "Write at least the site's name and base URL (name: My notes, baseUrl: https://example.org); the theme may ask for more fields.",
  },
} as const;
