/**
 * A page is parsed once: the outline (title, description, where code is) and the rendering share one tree when the
 * pipeline parses as the outline does (no site plugins), the title's blocks left out of it as they are left out of
 * the text. Every page comes out as when the outline and the rendering each parsed (a pipeline without `parse`).
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../generator/config/config';
import { ContentStore } from '../../generator/load/content-store';
import { poolPlan } from '../../generator/load/render-pool';
import { preparePages } from '../../generator/load/parse-and-render';
import { loadMarkdown, type Markdown } from '../../generator/markdown/markdown';

const dir = await mkdtemp(path.join(os.tmpdir(), 'site-one-parse-'));
afterAll(() => rm(dir, { recursive: true, force: true }));
await writeFile(path.join(dir, 'site.yml'), 'name: One parse\nbaseUrl: https://one.example.org\n');
const PAGES: Record<string, string> = {
  'title.md': '# A title\n\nThe description.\n\n## More\n\nText.\n',
  'id-line.md': '# Title {#top}\n{: #kd}\n\nBody after the id line.\n',
  'id-line-joined.md': '# Title\n{: #kd}\nMore text in the same paragraph\n',
  'before.md': '<!-- a comment -->\n[d]: /title\n\n   # Indented title\n    code after it\n\nPara [d].\n',
  'setext.md': 'Setext title\n============\n---\nafter a rule\n',
  'esm.md': 'import X from "y";\n\n# After an import\n\nIts description :tada:.\n',
  'footnote.md': '# Title with a note[^1]\n\nText[^2].\n\n[^1]: One.\n[^2]: Two.\n',
  'frontmatter.md': '---\ntitle: Given\n---\n\nThe first paragraph.\n\n```js\nlet a;\n```\n',
  'both.md': '---\ntitle: Given\ndescription: Given too\n---\n\n# Not the title\n\nText.\n',
  'token.md': '# Hello {{ name }}\n\nIn prose {{ name }} and in code `{{ name }}`.\n',
  'containers.md': '# Callouts\n\n::: tip Title\nInside\n:::\n\n> [!NOTE]\n> An alert\n',
  'raw.md': '# Raw\n\n<details><summary>S</summary>\n\n| a |\n|---|\n| b |\n\n</details>\n',
};
for (const [file, text] of Object.entries(PAGES)) await writeFile(path.join(dir, file), text);
const config = await loadConfig(dir, dir);
const real = await loadMarkdown(undefined, { root: dir, configFile: 'site.yml' });

/** The pipeline, counting the parses it makes: its own parse, and each render given no tree. */
function counting(withParse: boolean) {
  const count = { parses: 0, shared: 0 };
  const markdown: Markdown = {
    plugins: real.plugins,
    recipe: real.recipe,
    ...(withParse
      ? {
          parse: (source: string) => {
            count.parses++;
            return real.parse!(source);
          },
        }
      : {}),
    render: (source, page, tree) => {
      if (tree) count.shared++;
      else count.parses++;
      return real.render(source, page, tree);
    },
  };
  return { markdown, count };
}

const prepare = (markdown: Markdown) =>
  preparePages(Object.keys(PAGES).sort(), {
    pagesDir: dir,
    displayRoot: dir,
    config,
    markdown: async () => markdown,
    reservedIds: ['main'],
    store: ContentStore.inMemory(real.recipe),
    readmes: new Set(),
    place: { root: dir, configFile: 'site.yml' },
    // This thread only: the test counts what its own pipeline parses.
    pool: poolPlan(0),
  });

describe('one parse per page', () => {
  it('parses each page once where the rendered text is the body less its title, and makes the same pages', async () => {
    expect(real.parse).toBeTypeOf('function');
    const once = counting(true);
    const twice = counting(false);
    const shared = await prepare(once.markdown);
    const separate = await prepare(twice.markdown);
    expect(shared.errors).toEqual([]);
    expect(shared.pages).toEqual(separate.pages);
    const pages = Object.keys(PAGES).length;
    // Pages whose outline is read: all but both.md. The joined id line and the token need the text parsed again.
    expect(once.count.shared).toBe(pages - 1 - 2);
    expect(once.count.parses).toBe(pages + 2);
    expect(twice.count.shared).toBe(0);
    // Without the pipeline's parse, every page is parsed to render it (and the outline parsed 11 of them itself).
    expect(twice.count.parses).toBe(pages);
  });
});
