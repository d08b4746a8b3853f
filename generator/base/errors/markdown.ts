/** Errors of the markdown pipeline and the site's remark plugins. */
export const MARKDOWN_ERRORS = {
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
} as const;
