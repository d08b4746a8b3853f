/**
 * Folders of markdown shaped like the content people bring from other tools, written here (no one else's text):
 *
 * - cheat sheets in the form of tldr-pages (https://github.com/tldr-pages/tldr): thousands of short pages, no
 *   frontmatter, a `# command` title, a `>` summary, and examples as inline code full of `{{placeholders}}`;
 * - a documentation site in the form of a VitePress one (Vite's docs, https://github.com/vitejs/vite/tree/main/docs):
 *   nested folders, frontmatter keys the engine does not know (`outline`, `sidebar`, `tags`, `date`), fenced code in
 *   Vue, Handlebars, Jinja and GitHub Actions syntax, tables, `::: tip` containers, and relative links between .md
 *   files with #anchors.
 *
 * Each has an index page linking every page, and a two-line site.yml. Deterministic: runs compare.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

const VERBS = ['Create', 'List', 'Remove', 'Show', 'Copy', 'Compress', 'Extract', 'Print', 'Search', 'Update', 'Sync', 'Check'];
const THINGS = ['a file', 'a directory', 'an archive', 'the log', 'a remote branch', 'a container', 'a package', 'a certificate', 'the cache', 'a user'];

/** The name of cheat sheet `n`: plain lowercase words, as most tldr page names are. */
export const cheatSheetName = (n: number) => `tool${n}-${['cli', 'ctl', 'sh', 'util', 'admin'][n % 5]}`;

/** One cheat sheet, and the placeholders its code holds (to compare byte for byte). */
export function cheatSheet(n: number): { markdown: string; code: string[] } {
  const name = cheatSheetName(n);
  const code: string[] = [];
  const examples: string[] = [];
  for (let i = 0; i < 4 + (n % 5); i++) {
    const verb = VERBS[(n + i) % VERBS.length]!;
    const thing = THINGS[(n * 3 + i) % THINGS.length]!;
    const sample = [
      `${name} ${verb.toLowerCase()} {{path/to/file}}`,
      `${name} --${verb.toLowerCase()} {{[-r|--recursive]}} {{path/to/directory}}`,
      `${name} ${verb.toLowerCase()} "{{*.html}}" {{{{literal}}}} > {{path/to/output.txt}}`,
      `${name} -e 'print "\${{ env.VALUE }}"' {{file1 file2 ...}}`,
    ][i % 4]!;
    code.push(sample);
    examples.push(`- ${verb} ${thing}${i % 3 === 0 ? ` with [o]ption ${i}` : ''}:\n\n\`${sample}\``);
  }
  const markdown = `# ${name}\n\n> ${VERBS[n % VERBS.length]} and manage ${THINGS[n % THINGS.length]!.replace(/^an? |^the /, '')}s from the command line.\n> More information: <https://example.com/${name}>.\n\n${examples.join('\n\n')}\n`;
  return { markdown, code };
}

/** Writes `count` cheat sheets, an index linking each (./name.md) and site.yml into `pagesDir`. */
export async function writeCheatSheets(pagesDir: string, count: number): Promise<void> {
  await mkdir(pagesDir, { recursive: true });
  await writeFile(path.join(pagesDir, 'site.yml'), 'name: Cheat sheets\nbaseUrl: https://cheats.example.org\n');
  const index = ['# Cheat sheets', '', 'Short pages of command-line examples, one per tool.', ''];
  for (let n = 1; n <= count; n++) {
    await writeFile(path.join(pagesDir, `${cheatSheetName(n)}.md`), cheatSheet(n).markdown);
    index.push(`- [${cheatSheetName(n)}](./${cheatSheetName(n)}.md)`);
  }
  await writeFile(path.join(pagesDir, 'index.md'), `${index.join('\n')}\n`);
}

/** Code samples in the documentation site, by language: each must be in the built page byte for byte. */
export const DOCS_CODE: Record<string, string> = {
  vue: '<template>\n  <button @click="count++">Count is {{ count }}</button>\n  <p v-if="msg">{{ msg.split(\'\').reverse().join(\'\') }}</p>\n</template>',
  handlebars: '<ul>\n  {{#each items}}\n    <li>{{this.name}} ({{{this.html}}})</li>\n  {{/each}}\n</ul>',
  jinja: '{% for user in users %}\n  <li>{{ user.name | title }}</li>\n{% endfor %}\n{{ 7*7 }}',
  yaml: "on: push\njobs:\n  deploy:\n    runs-on: ubuntu-latest\n    steps:\n      - run: npm publish\n        env:\n          TOKEN: ${{ secrets.NPM_TOKEN }}",
  js: "export default defineConfig({\n  define: { __APP_VERSION__: JSON.stringify('v1.0.0') },\n  server: { proxy: { '/api': { target: 'http://localhost:8080' } } },\n})",
};

interface DocPage {
  file: string;
  frontmatter?: string;
  body: string;
}

/** The documentation site's pages (relative file → markdown). */
export function docsPages(): DocPage[] {
  const fence = (lang: string) => `\`\`\`${lang}\n${DOCS_CODE[lang]}\n\`\`\``;
  const pages: DocPage[] = [
    {
      file: 'index.md',
      frontmatter: 'layout: home\ntitle: Toolkit\ndescription: A fast build tool for the web, documented.\nhero:\n  name: Toolkit\n  tagline: Next generation tooling\nfeatures:\n  - title: Instant start\n    details: No bundling while you develop.',
      body: '# Toolkit\n\nStart with the [guide](./guide/index.md), then read about [features](./guide/features.md#hot-module-replacement) and [the config](./config/index.md).\n',
    },
    {
      file: 'guide/index.md',
      frontmatter: 'outline: deep\ntags: [start, install]',
      body: `# Getting started\n\nInstall it, then read [features](./features.md) and [the shared options](../config/shared-options.md#define).\n\n## Scaffolding your first project\n\n\`\`\`sh\nnpm create toolkit@latest my-app -- --template vue\n\`\`\`\n\n## Trying it online\n\nOpen [the server options](../config/server-options.md).\n`,
    },
    {
      file: 'guide/features.md',
      frontmatter: 'title: Features\ndate: 2024-05-01\nsidebar: true\nprev: false',
      body: `## Hot module replacement\n\nA component written in Vue keeps its state:\n\n${fence('vue')}\n\n## Templates in other syntaxes\n\n${fence('handlebars')}\n\n${fence('jinja')}\n\nInline code keeps its braces too: \`{{ count }}\` and \`\${{ secrets.TOKEN }}\`.\n\n| Option | Default |\n| --- | --- |\n| \`base\` | \`/\` |\n| \`define\` | \`{}\` |\n\nBack to [getting started](./index.md#scaffolding-your-first-project).\n`,
    },
    {
      file: 'guide/deploy.md',
      frontmatter: 'title: Deploying a static site\ndescription: Publish the build output to a static host from a workflow.\nhead:\n  - - meta\n    - name: robots\n      content: index',
      body: `Publish from a workflow:\n\n${fence('yaml')}\n\n::: tip Before you deploy\nBuild first, with [the base](../config/shared-options.md#base) set:\n\n\`\`\`sh\nnpm run build -- --base {{ base }}\n\`\`\`\n:::\n\nSee [the config](../config/index.md).\n`,
    },
    {
      file: 'config/index.md',
      frontmatter: 'title: Configuring Toolkit\noutline: [2, 3]',
      body: `## Config file\n\n${fence('js')}\n\nMore in [shared options](./shared-options.md) and [server options](./server-options.md#server-proxy).\n`,
    },
    {
      file: 'config/shared-options.md',
      body: `# Shared options\n\n## define\n\nType: \`Record<string, any>\`. Replaces \`__APP_VERSION__\` and the like.\n\n## base\n\nThe public path. See [deploying](../guide/deploy.md).\n`,
    },
    {
      file: 'config/server-options.md',
      body: `# Server options\n\n## Server proxy\n\nProxies \`/api\` to another server; see [the config file](./index.md#config-file).\n\n<details>\n<summary>Example</summary>\n\nIt forwards each request.\n\n</details>\n`,
    },
  ];
  return pages;
}

/** Writes the documentation site and its site.yml into `pagesDir`. */
export async function writeDocsSite(pagesDir: string): Promise<void> {
  await mkdir(pagesDir, { recursive: true });
  await writeFile(path.join(pagesDir, 'site.yml'), 'name: Toolkit docs\nbaseUrl: https://docs.example.org\n');
  for (const page of docsPages()) {
    await mkdir(path.dirname(path.join(pagesDir, page.file)), { recursive: true });
    await writeFile(path.join(pagesDir, page.file), `${page.frontmatter ? `---\n${page.frontmatter}\n---\n\n` : ''}${page.body}`);
  }
}
