/** Errors of the markdown pipeline and the site's remark plugins. */
export const MARKDOWN_ERRORS = {
  MarkdownPluginNotFound: {
    title: 'Markdown plugin not found',
    message: (p: { plugin: string; root: string; local: boolean }) =>
      `Markdown plugin "${p.plugin}" is not ${p.local ? 'a file' : 'installed'} in the project (${p.root})`,
    hint: 'Install the package in the project (npm install <name>), or correct its name under markdown.plugins in the site config.',
  },
  MarkdownPluginUnresolvable: {
    title: 'Markdown plugin cannot be resolved',
    message: (p: { plugin: string; problem: string }) =>
      `Markdown plugin "${p.plugin}" cannot be resolved to a file to import: ${p.problem}`,
    hint: "The plugin's package.json is malformed, or its main or exports point outside the package: install the package again (npm install <name>), or report it to its authors.",
  },
  MarkdownPluginImportFailed: {
    title: 'Markdown plugin failed to load',
    message: (p: { plugin: string; file: string; problem: string }) =>
      `Markdown plugin "${p.plugin}" threw when imported (${p.file}): ${p.problem}`,
    hint: 'The plugin breaks before it is used: install it again (npm install <name>), check that its version supports this Node.js, or remove it from markdown.plugins in the site config. Run with --verbose for the stack.',
  },
  NotARemarkPlugin: {
    title: 'Not a remark plugin',
    message: (p: { plugin: string; exported: string }) =>
      `Markdown plugin "${p.plugin}" exports no remark plugin: its default export is ${p.exported}`,
    hint: 'Name a package whose default export is a remark plugin (a function) or a preset ({ plugins, settings }); a rehype plugin works on HTML and belongs elsewhere.',
  },
  OptionsForRemarkPreset: {
    title: 'Options given to a remark preset',
    message: (p: { plugin: string }) =>
      `Markdown plugin "${p.plugin}" is a preset (a list of plugins), which takes no options`,
    hint: 'Remove the options, or list the plugins of the preset one by one with their options.',
  },
  MarkdownPluginStartFailed: {
    title: 'Markdown plugin failed to start',
    message: (p: { plugin: string; problem: string }) =>
      `Markdown plugin "${p.plugin}" threw when set up, before any page was rendered: ${p.problem}`,
    hint: 'Most often the plugin refuses its options: make them match its documentation (under markdown.plugins in the site config), or remove them to use its defaults. Run with --verbose for the stack.',
  },
  MarkdownFailed: {
    title: 'Markdown plugin failed on a page',
    message: (p: { who: string; file: string; problem: string }) => `${p.who} failed on ${p.file}: ${p.problem}`,
    hint: 'The plugin named above threw while rendering this page: change the markdown it objects to, or its options under markdown.plugins in the site config. Run with --verbose for the stack.',
  },
} as const;
