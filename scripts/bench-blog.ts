/**
 * The example blog (examples/blog/) at scale: N posts with 100 tags (three to a post), built in this process with a
 * fresh cache (`build`), then one post's title edited through the watch engine (`edit`: Site.update with the file,
 * as `site watch` calls it; median of several edits), with the pages that edit re-rendered. Run alone:
 *   NODE_ENV=production npx tsx scripts/bench-blog.ts 1000,10000
 */
import { cp, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { silentLogger } from '../generator/base/logger';
import { Site } from '../generator/core/site';
import { REPO } from './lib/temp-project';

const EDITS = 7;

export interface BlogRun {
  posts: number;
  pages: number;
  buildMs: number;
  editMs: number;
  rerendered: number;
}

/**
 * A copy of the example blog with `posts` posts of three tags each, from `tags` tags (100 unless given); `engine`: the
 * checkout whose examples/blog/ it copies (this one unless given: a benchmark compares two).
 */
export async function blogSite(posts: number, tags = 100, engine = REPO): Promise<string> {
  const root = await mkdtemp(path.join(os.tmpdir(), `site-bench-blog-${posts}-`));
  await cp(path.join(engine, 'examples/blog/templates'), path.join(root, 'templates'), { recursive: true });
  await cp(path.join(engine, 'examples/blog/pages'), path.join(root, 'pages'), { recursive: true });
  await symlink(path.join(REPO, 'node_modules'), path.join(root, 'node_modules'), 'dir');
  await mkdir(path.join(root, 'pages/blog'), { recursive: true });
  const TAGS = Array.from({ length: tags }, (_, n) => `Topic ${n + 1}`);
  for (let n = 1; n <= posts; n++) {
    const date = new Date(Date.UTC(2000, 0, 1) + n * 3_600_000).toISOString().replace(/\.000Z$/, 'Z');
    const chosen = [TAGS[n % tags], TAGS[(n * 7) % tags], TAGS[(n * 13 + 5) % tags]].filter(
      (tag, i, all) => all.indexOf(tag) === i,
    );
    const body = `Post ${n} opens with a paragraph that the list pages show as its summary.\n\n## Details\n\nA second section with a [link home](/) and some **bold** text.\n`;
    await writeFile(
      path.join(root, `pages/blog/post-${n}.md`),
      `---\ntitle: "Post ${n}"\ntemplate: post\ndate: ${date}\ndescription: "About post ${n}."\ntags: [${chosen.map((t) => `"${t}"`).join(', ')}]\n---\n\n${body}`,
    );
  }
  return root;
}

export async function measureBlog(posts: number): Promise<BlogRun> {
  const root = await blogSite(posts);
  try {
    // Its own cache folder: node_modules is the repository's, linked.
    const site = new Site({
      root,
      cacheDir: path.join(root, '.cache'),
      incremental: true,
      drafts: false,
      logger: silentLogger,
    });
    try {
      const started = performance.now();
      const built = await site.update('all');
      await site.commit();
      const buildMs = performance.now() - started;
      const file = path.join(root, `pages/blog/post-${Math.ceil(posts / 2)}.md`);
      const times: number[] = [];
      let rerendered = 0;
      for (let i = 0; i < EDITS; i++) {
        await writeFile(file, (await readFile(file, 'utf8')).replace(/^title: .*$/m, `title: "Edited ${i}"`));
        const at = performance.now();
        const result = await site.update([file]);
        times.push(performance.now() - at);
        rerendered = result.routes.length;
      }
      return {
        posts,
        pages: built.pages.length,
        buildMs,
        editMs: times.sort((a, b) => a - b)[Math.floor(times.length / 2)]!,
        rerendered,
      };
    } finally {
      await site.dispose();
    }
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}

export const formatBlogRun = (run: BlogRun) =>
  `${String(run.posts).padStart(6)} posts ${String(run.pages).padStart(6)} pages   build ${(run.buildMs / 1000).toFixed(2)} s   one-post title edit ${run.editMs.toFixed(0)} ms (${run.rerendered} pages re-rendered)`;

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  for (const posts of (process.argv[2] ?? '1000,10000').split(',').map(Number))
    console.log(formatBlogRun(await measureBlog(posts)));
}
