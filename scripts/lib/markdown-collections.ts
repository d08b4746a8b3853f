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

const SCOPES = ['core', 'cli', 'build', 'server', 'config', 'deps', 'docs', 'plugins', 'css', 'ssr'];
const CHANGES = [
  'handle a trailing slash in the base path',
  'keep the order of imported stylesheets',
  'resolve symlinked packages once',
  'report the file and line of a syntax error',
  'avoid a second scan of the dependency graph',
  'support `import.meta.glob` with a query',
  'close the watcher when the server stops',
  'read `NODE_ENV` from the mode, not the shell',
];

/**
 * A changelog of `bytes` bytes or a little more, in the form of a big project's CHANGELOG.md (Vite's, say): a
 * release heading per version, sections of one-line entries with a bold scope, inline code, and links to pull
 * requests and commits. What a big page looks like in practice.
 */
export function changelog(bytes: number): string {
  const parts = ['# Changelog\n\nAll notable changes to this project are documented in this file.\n'];
  let size = parts[0]!.length;
  for (let release = 0; size < bytes; release++) {
    const version = `${5 - Math.floor(release / 100)}.${Math.floor(release / 10) % 10}.${release % 10}`;
    const lines = [`## [${version}](https://github.com/example/tool/compare/v${version}...HEAD) (2024-${String((release % 12) + 1).padStart(2, '0')}-${String((release % 28) + 1).padStart(2, '0')})`, ''];
    for (const [s, section] of ['Features', 'Bug Fixes', 'Performance Improvements'].entries()) {
      lines.push(`### ${section}`, '');
      for (let i = 0; i < 3 + ((release + s) % 5); i++) {
        const n = 10_000 + release * 17 + s * 5 + i;
        const hash = ((n * 2_654_435_761) >>> 0).toString(16).padStart(8, '0').slice(0, 7);
        lines.push(
          `* **${SCOPES[(n + i) % SCOPES.length]}:** ${CHANGES[(n * 3 + s) % CHANGES.length]} ([#${n}](https://github.com/example/tool/issues/${n})) ([${hash}](https://github.com/example/tool/commit/${hash}))`,
        );
      }
      lines.push('');
    }
    const text = `${lines.join('\n')}\n`;
    parts.push(text);
    size += text.length;
  }
  return parts.join('\n');
}

const CODE_SAMPLES: Record<string, (n: number) => string> = {
  ts: (n) => `export interface Options${n} {\n  root: string;\n  retries?: number;\n}\n\nexport async function load${n}(options: Options${n}): Promise<string[]> {\n  const found: string[] = [];\n  for (let i = 0; i < (options.retries ?? ${n % 7}); i++) found.push(\`\${options.root}/\${i}\`);\n  return found;\n}`,
  python: (n) => `import json\nfrom pathlib import Path\n\n\ndef read_${n}(path: Path) -> dict:\n    """Read the settings file, or the defaults."""\n    if not path.exists():\n        return {"retries": ${n % 9}, "verbose": False}\n    with path.open() as f:\n        return json.load(f)`,
  rust: (n) => `use std::collections::HashMap;\n\n/// Counts the words of a text.\npub fn count_${n}(text: &str) -> HashMap<&str, usize> {\n    let mut counts = HashMap::new();\n    for word in text.split_whitespace() {\n        *counts.entry(word).or_insert(0) += ${(n % 3) + 1};\n    }\n    counts\n}`,
  go: (n) => `package main\n\nimport (\n\t"fmt"\n\t"os"\n)\n\nfunc main() {\n\tif len(os.Args) < ${(n % 4) + 2} {\n\t\tfmt.Fprintln(os.Stderr, "usage: tool${n} <file>")\n\t\tos.Exit(1)\n\t}\n\tfmt.Println("reading", os.Args[1])\n}`,
  yaml: (n) => `name: build-${n}\non:\n  push:\n    branches: [main]\njobs:\n  test:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: actions/checkout@v4\n      - run: npm ci\n      - run: npm test -- --shard=${(n % 4) + 1}/4`,
  json: (n) => `{\n  "name": "package-${n}",\n  "version": "1.${n % 10}.0",\n  "type": "module",\n  "scripts": { "build": "tool build", "test": "tool test" },\n  "dependencies": { "left-pad": "^1.3.0" }\n}`,
  bash: (n) => `#!/usr/bin/env bash\nset -euo pipefail\nfor file in src/*.md; do\n  echo "checking $file"\n  grep -q "^# " "$file" || { echo "no title in $file" >&2; exit ${(n % 3) + 1}; }\ndone`,
  css: (n) => `.card-${n} {\n  display: grid;\n  gap: ${(n % 4) + 1}rem;\n  grid-template-columns: repeat(auto-fit, minmax(12rem, 1fr));\n}\n\n@media (prefers-color-scheme: dark) {\n  .card-${n} { background: #111; }\n}`,
};
const CODE_LANGUAGES = Object.keys(CODE_SAMPLES);
/**
 * Names each page gives a sample its own variant of, so that the collection repeats lines about as often as real
 * documentation does (its braces, keywords and imports, a line in three or four), not nine lines in ten.
 */
const VARIED =
  /\b(root|retries|options|found|path|text|counts|word|file|name|settings|defaults|card|build|test|tool|checking|reading|usage|verbose|branches|steps|scripts|dependencies|json|Path|HashMap|module|version|fmt|Args|Println|Fprintln|Stderr|Exit|entry|split_whitespace|or_insert|ubuntu|latest|checkout|shard|pipefail|exists|dict|left|pad|main|grid|columns|words|Read|tasks|src|args|os|collections|std)\b/g;

/**
 * One page of a code-heavy collection (API reference or cookbook style): a title, a sentence, and four to six code
 * blocks in several languages, each under its own heading. `languages: false` writes the same fences without a
 * language (what the collection costs without highlighting).
 */
export function codePage(n: number, languages = true): string {
  const blocks: string[] = [`# Recipe ${n}\n\nHow to do task ${n} in several languages.\n`];
  for (let i = 0; i < 4 + (n % 3); i++) {
    const language = CODE_LANGUAGES[(n + i * 3) % CODE_LANGUAGES.length]!;
    const code = CODE_SAMPLES[language]!(n + i).replace(VARIED, (word) => `${word}${n}`);
    blocks.push(`## In ${language}\n\n\`\`\`${languages ? language : ''}\n${code}\n\`\`\`\n`);
  }
  return blocks.join('\n');
}

/** Writes `count` code-heavy pages and site.yml into `pagesDir` (see codePage). */
export async function writeCodePages(pagesDir: string, count: number, languages = true): Promise<void> {
  await mkdir(pagesDir, { recursive: true });
  await writeFile(path.join(pagesDir, 'site.yml'), 'name: Recipes\nbaseUrl: https://recipes.example.org\n');
  for (let n = 1; n <= count; n++) await writeFile(path.join(pagesDir, `recipe-${n}.md`), codePage(n, languages));
}
