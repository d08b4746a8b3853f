/** Errors of the site config (site.yml). */
export const CONFIG_ERRORS = {
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
  EmptyConfig: {
    title: 'Empty site config',
    message: (p: { file: string }) => `${p.file} is empty: it holds no settings`,
    hint: "Write at least the site's name and base URL (name: My notes, baseUrl: https://example.org); the theme may ask for more fields.",
  },
} as const;
