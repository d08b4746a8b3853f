/** Temporary copies of the example blog (examples/blog/), with posts made to order, for the collection tests. */
import { cp, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { REPO, snapshotDir } from '../support/fixture';
import { fullBuildInto } from '../support/full-build';
import { silentLogger } from '../../generator/base/logger';

export const EXAMPLE = path.join(REPO, 'examples/blog');

export interface Post {
  title: string;
  date: string;
  tags?: string[];
  draft?: boolean;
  body?: string;
}

export function postText(post: Post): string {
  return [
    '---',
    `title: ${JSON.stringify(post.title)}`,
    'template: post',
    `date: ${post.date}`,
    `description: ${JSON.stringify(`About ${post.title.toLowerCase()}.`)}`,
    ...(post.tags && post.tags.length > 0 ? [`tags: [${post.tags.map((tag) => JSON.stringify(tag)).join(', ')}]`] : []),
    ...(post.draft ? ['draft: true'] : []),
    '---',
    '',
    post.body ?? `A note about ${post.title.toLowerCase()}.`,
    '',
  ].join('\n');
}

export interface BlogProject {
  root: string;
  pagesDir: string;
  outDir: string;
  file(relative: string): string;
  /** Writes `blog/<name>.md`; returns its absolute path. */
  writePost(name: string, post: Post): Promise<string>;
  read(relative: string): Promise<string>;
  cleanup(): Promise<void>;
}

/**
 * A copy of the example (its kept posts unless `keptPosts` is false), plus `posts` made posts (`blog/post-<n>.md`,
 * a day apart, tagged from `tags` in turn), with `pageSize` posts to a list page.
 */
export async function blogProject(
  options: { posts?: number; pageSize?: number; keptPosts?: boolean; tags?: string[] } = {},
): Promise<BlogProject> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'site-blog-'));
  const file = (relative: string) => path.join(root, relative);
  await cp(path.join(EXAMPLE, 'templates'), file('templates'), { recursive: true });
  await cp(path.join(EXAMPLE, 'pages'), file('pages'), {
    recursive: true,
    filter: (source) => options.keptPosts !== false || !/\/blog\/(?!index\.md$)[^/]+\.md$/.test(source),
  });
  await symlink(path.join(REPO, 'node_modules'), file('node_modules'), 'dir');
  if (options.pageSize !== undefined) {
    const templates = file('templates/templates.tsx');
    const text = await readFile(templates, 'utf8');
    const sized = text.replace(
      "paginate: { collection: 'posts', size: 10,",
      `paginate: { collection: 'posts', size: ${options.pageSize},`,
    );
    if (sized === text) throw new Error('the example blog no longer paginates its posts by 10');
    await writeFile(templates, sized);
  }
  const writePost = async (name: string, post: Post) => {
    const target = file(`pages/blog/${name}.md`);
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, postText(post));
    return target;
  };
  const tags = options.tags ?? ['Cloud security', 'Identity', 'Operations'];
  for (let n = 1; n <= (options.posts ?? 0); n++) {
    const date = new Date(Date.UTC(2020, 0, 1) + n * 86_400_000).toISOString().slice(0, 10);
    await writePost(`post-${n}`, {
      title: `Post number ${n}`,
      date,
      tags: [tags[n % tags.length]!, tags[(n * 7) % tags.length]!],
    });
  }
  return {
    root,
    pagesDir: file('pages'),
    outDir: file('dist'),
    file,
    writePost,
    read: (relative) => readFile(file(relative), 'utf8'),
    cleanup: () => rm(root, { recursive: true, force: true }),
  };
}

/** The output of a full build of the project as it is now (into dist-full, with a cache of its own): what a watch is compared with. */
export async function fullBuildOf(project: BlogProject, now: Date): Promise<Record<string, string>> {
  const outDir = project.file('dist-full');
  await fullBuildInto({ root: project.root, outDir, cacheDir: project.file('cache-full'), now, logger: silentLogger });
  return snapshotDir(outDir);
}
