/** The red team's cases about what goes in: caches, config fields, special files and sizes. */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { appendFile, mkdir, readFile, rename, rm, symlink, truncate, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  project,
  ended,
  build,
  cacheDir,
  filesUnder,
  contains,
  editManifest,
  editFile,
  type Case,
  type Engine,
} from './harness';

/**
 * The website with `from` replaced by `to` in `file`, built: how the build ended, and `leak` when `hostile` (the value
 * `to` brings in) was published.
 */
async function websiteEdited(
  engine: Engine,
  name: string,
  file: string,
  edit: { from: string; to: string; hostile: string; leak: string },
): Promise<string> {
  const root = await project(engine, name, 'website');
  await editFile(path.join(root, file), (t) => t.replace(edit.from, edit.to));
  const run = await build(engine, root, [], 180);
  return `${ended(run)}${(await contains(path.join(root, 'dist'), edit.hostile)) ? edit.leak : ''}`;
}

export const inputCases: Case[] = [
  // Caches.
  {
    name: 'cached island script with code appended',
    async run(engine) {
      const root = await project(engine, 'island-tamper');
      await build(engine, root);
      for (const file of await filesUnder(cacheDir(root)))
        if (/scripts-[0-9a-f]+\/.*\.js$/.test(file)) await appendFile(file, ';globalThis.__redTeam=1;');
      const run = await build(engine, root);
      return `${ended(run)}; ${(await contains(path.join(root, 'dist/assets'), '__redTeam')) ? 'tampered script published' : 'clean scripts published'}`;
    },
  },
  {
    name: 'content-store HTML with a <script> added',
    async run(engine) {
      const root = await project(engine, 'store-tamper');
      await build(engine, root);
      for (const file of await filesUnder(cacheDir(root)))
        if (/content-[0-9a-f]+\.json$/.test(file))
          await editFile(file, (t) => t.replace(/<p>/g, '<p><script>__redTeam()</script>'));
      const run = await build(engine, root);
      return `${ended(run)}; ${(await contains(path.join(root, 'dist'), '__redTeam()')) ? '<script> published' : 'no <script> published'}`;
    },
  },
  {
    name: 'asset manifest naming ../../../escaped/file.txt',
    async run(engine) {
      const root = await project(engine, 'manifest-escape');
      await build(engine, root);
      const manifest = path.join(cacheDir(root), 'scripts-manifest.json');
      let folder = '';
      await editManifest(manifest, (data) => {
        folder = data.folder as string;
        (data.assets as { files: string[] }).files.push('../../../escaped/file.txt');
      });
      const source = path.join(cacheDir(root), folder, '../../../escaped/file.txt');
      await mkdir(path.dirname(source), { recursive: true });
      await writeFile(source, 'escaped');
      const run = await build(engine, root);
      const escaped = path.resolve(root, 'dist', '../../../escaped/file.txt');
      return `${ended(run)}; ${existsSync(escaped) ? 'wrote outside the output folder' : 'nothing written outside'}`;
    },
  },
  {
    name: 'asset manifest cut short (torn write)',
    async run(engine) {
      const root = await project(engine, 'manifest-torn');
      await build(engine, root);
      const manifest = path.join(cacheDir(root), 'scripts-manifest.json');
      await truncate(manifest, Math.floor((await readFile(manifest)).length / 2));
      const first = await build(engine, root);
      const second = await build(engine, root);
      return `${ended(first)}, then ${ended(second)}`;
    },
  },
  {
    name: 'theme bundle with code added, named by its digest',
    async run(engine) {
      const root = await project(engine, 'theme-tamper');
      await build(engine, root);
      // A new bundle: the built one with code added, named by its own digest, and the manifest pointed at it.
      const manifest = path.join(cacheDir(root), 'theme-manifest.json');
      await editManifest(manifest, (data) => {
        const code = `${readFileSync(path.join(cacheDir(root), data.module as string), 'utf8')}\nprocess.stderr.write("RED-TEAM THEME CODE RAN\\n");\n`;
        const name = `theme-${createHash('sha256').update(code).digest('hex').slice(0, 16)}.mjs`;
        writeFileSync(path.join(cacheDir(root), name), code);
        data.module = name;
      });
      const run = await build(engine, root);
      return `${ended(run)}; ${run.stderr.includes('RED-TEAM THEME CODE RAN') ? 'added code ran' : 'added code not run'}`;
    },
  },
  // Config fields.
  ...(['//../../../../outside/red.svg', '/../../outside/red.svg'] as const).map((logo): Case => ({
    name: `logo: "${logo}"`,
    async run(engine) {
      const root = await project(engine, `logo-${logo.startsWith('//') ? 'protocol' : 'dots'}`);
      const red = path.resolve(root, 'pages/public', `.${logo}`.replace(/^\.\/+/, ''));
      for (const file of new Set([red, path.resolve(root, 'pages/public', logo.replace(/^\/+/, ''))])) {
        await mkdir(path.dirname(file), { recursive: true });
        await writeFile(
          file,
          '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><!-- RED-TEAM --><rect width="10" height="10" fill="red"/></svg>',
        );
      }
      await editFile(path.join(root, 'pages/site.yml'), (t) => t.replace(/^logo: .*$/m, `logo: "${logo}"`));
      const run = await build(engine, root);
      // No file of that name is inside the pages folder: a build that succeeds drew its logo images from outside.
      return `${ended(run)}${run.code === 0 ? '; logo images drawn from the file outside the pages folder' : ''}`;
    },
  })),
  {
    name: 'securityTxt.languages with a line break and a Contact line',
    async run(engine) {
      const root = await project(engine, 'security-txt');
      await editFile(path.join(root, 'pages/site.yml'), (t) =>
        t.replace(/^securityTxt:\n/m, 'securityTxt:\n  languages: ["en\\nContact: mailto:x@evil.io"]\n'),
      );
      const run = await build(engine, root);
      const txt = path.join(root, 'dist/.well-known/security.txt');
      const evil = existsSync(txt) && (await readFile(txt, 'utf8')).includes('Contact: mailto:x@evil.io');
      return `${ended(run)}${evil ? '; security.txt names the attacker as a contact' : ''}`;
    },
  },
  {
    name: 'hero image //evil.example/track.svg (website)',
    run: (engine) =>
      websiteEdited(engine, 'hero-image', 'pages/index.md', {
        from: 'image: /images/hero/network.svg',
        to: 'image: //evil.example/track.svg',
        hostile: '//evil.example/track.svg',
        leak: '; the page loads the third-party image',
      }),
  },
  {
    name: 'checkbox-label link javascript: (website contact form)',
    run: (engine) =>
      websiteEdited(engine, 'checkbox-link', 'pages/contact.md', {
        from: '[Privacy Policy](/privacy-policy)',
        to: '[Privacy Policy](javascript:alert(1))',
        hostile: 'javascript:alert(1)',
        leak: '; the javascript: link is published',
      }),
  },
  {
    name: 'pages/site.yml a link to a file outside the pages folder',
    async run(engine) {
      const root = await project(engine, 'config-link');
      await rename(path.join(root, 'pages/site.yml'), path.join(root, 'outside.yml'));
      await symlink(path.join(root, 'outside.yml'), path.join(root, 'pages/site.yml'));
      return ended(await build(engine, root));
    },
  },
  {
    name: 'baseUrl "https://x.example/a b#frag?"',
    async run(engine) {
      const root = await project(engine, 'base-url');
      await editFile(path.join(root, 'pages/site.yml'), (t) =>
        t.replace(/^baseUrl: .*$/m, 'baseUrl: "https://x.example/a b#frag?"'),
      );
      const run = await build(engine, root);
      return `${ended(run)}${(await contains(path.join(root, 'dist'), 'https://x.example/a b#frag?/about')) ? '; canonical URLs such as https://x.example/a b#frag?/about' : ''}`;
    },
  },
  // Special files and sizes.
  {
    name: 'site.yml a named pipe',
    async run(engine) {
      const root = await project(engine, 'config-fifo');
      await rm(path.join(root, 'pages/site.yml'));
      execFileSync('mkfifo', [path.join(root, 'pages/site.yml')]);
      return ended(await build(engine, root, [], 20));
    },
  },
  {
    name: 'the logo a named pipe',
    async run(engine) {
      const root = await project(engine, 'logo-fifo');
      await rm(path.join(root, 'pages/public/logo.svg'));
      execFileSync('mkfifo', [path.join(root, 'pages/public/logo.svg')]);
      return ended(await build(engine, root, [], 20));
    },
  },
  {
    name: 'site.yml a link to /dev/zero',
    async run(engine) {
      const root = await project(engine, 'config-zero');
      await rm(path.join(root, 'pages/site.yml'));
      await symlink('/dev/zero', path.join(root, 'pages/site.yml'));
      return ended(await build(engine, root, [], 60));
    },
  },
  {
    name: 'a page (.md) a named pipe',
    async run(engine) {
      const root = await project(engine, 'page-fifo');
      execFileSync('mkfifo', [path.join(root, 'pages/pipe.md')]);
      return ended(await build(engine, root, [], 20));
    },
  },
  {
    name: 'a named pipe in public/',
    async run(engine) {
      const root = await project(engine, 'public-fifo');
      execFileSync('mkfifo', [path.join(root, 'pages/public/feed.xml')]);
      const run = await build(engine, root, [], 20);
      return `${ended(run)}${run.code === 0 && !existsSync(path.join(root, 'dist/feed.xml')) ? '; skipped without a word' : ''}`;
    },
  },
  {
    name: 'a 200 MB page',
    async run(engine) {
      const root = await project(engine, 'huge-page');
      const page = path.join(root, 'pages/huge.md');
      await writeFile(
        page,
        '---\ntitle: Huge\ndescription: A page far larger than any real one, for the red team.\n---\n\n',
      );
      const line = Buffer.from(`${'word '.repeat(200)}\n\n`);
      const block = Buffer.concat(Array.from({ length: 1000 }, () => line));
      for (let written = 0; written < 200 * 1024 * 1024; written += block.length) await appendFile(page, block);
      return ended(await build(engine, root, [], 240));
    },
  },
  {
    name: '10 MB of frontmatter',
    async run(engine) {
      const root = await project(engine, 'huge-frontmatter');
      await writeFile(
        path.join(root, 'pages/heavy.md'),
        `---\ntitle: Heavy\ndescription: Frontmatter far larger than any real one, for the red team.\nnotes:\n${'  - a list item of the frontmatter\n'.repeat(300_000)}---\n\nText.\n`,
      );
      return ended(await build(engine, root, [], 120));
    },
  },
  {
    name: '100,000 site keywords',
    async run(engine) {
      const root = await project(engine, 'keywords');
      const keywords = Array.from({ length: 100_000 }, (_, i) => `k${i}`).join(', ');
      await editFile(path.join(root, 'pages/site.yml'), (t) => t.replace(/^keywords: .*$/m, `keywords: [${keywords}]`));
      return ended(await build(engine, root, [], 120));
    },
  },
  ...['64', '1e9'].map((threads): Case => ({
    name: `--threads ${threads}`,
    async run(engine) {
      const root = await project(engine, `threads-${threads}`);
      return ended(await build(engine, root, ['--threads', threads], 60));
    },
  })),
];
