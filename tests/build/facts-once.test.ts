/** Company facts live once, in pages/site.yml: no page, template or generator module repeats them. */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../generator/config/config';
import { listFiles } from '../../generator/base/list-files';
import { build } from '../../generator/core/build';
import { silentLogger } from '../../generator/base/logger';
import { theme } from '../../templates/index';
import { REPO } from '../support/fixture';
import type { SiteConfig as WebsiteConfig } from '../../templates/config';

describe('company facts', () => {
  it('appear only in the site config', async () => {
    const config = (await loadConfig(path.join(REPO, 'pages'), REPO, theme.config)) as WebsiteConfig;
    const { contact } = config;
    const facts = [
      config.name,
      config.legalName,
      config.baseUrl,
      config.contact.phone,
      config.contact.emergencyPhone,
      config.contact.email,
      config.contact.securityEmail,
      config.contact.privacyEmail,
      contact.careersEmail,
      contact.partnersEmail,
      config.address.street,
    ];
    const sources = [
      ...(await listFiles(path.join(REPO, 'pages'))).filter((f) => f.endsWith('.md')).map((f) => `pages/${f}`),
      ...(await listFiles(path.join(REPO, 'templates'))).map((f) => `templates/${f}`),
      ...(await listFiles(path.join(REPO, 'generator'))).map((f) => `generator/${f}`),
      ...(await listFiles(path.join(REPO, 'islands'))).map((f) => `islands/${f}`),
    ];
    const found: string[] = [];
    for (const file of sources) {
      const text = await readFile(path.join(REPO, file), 'utf8');
      for (const fact of facts) if (text.includes(fact)) found.push(`${file}: ${fact}`);
    }
    expect(found).toEqual([]);
  });

  it('are unknown to the engine: generator/ names no place, page or inbox of this company, and its config schema is generic', async () => {
    const words =
      /\/security-policy\b|\b(africa|nigeria|lagos|ikeja|sabi|careers|partners|careersEmail|partnersEmail)\b/i;
    const found: string[] = [];
    for (const file of await listFiles(path.join(REPO, 'generator'))) {
      const text = await readFile(path.join(REPO, 'generator', file), 'utf8');
      text
        .split('\n')
        .forEach((line, i) => words.test(line) && found.push(`generator/${file}:${i + 1}: ${line.trim()}`));
    }
    expect(found).toEqual([]);
  });
});

describe('a site of its own', () => {
  it('builds from a site.yml of only a name and a base URL and pages without frontmatter, publishing no fact it was not given', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'site-bare-'));
    try {
      await mkdir(path.join(dir, 'pages'));
      await writeFile(path.join(dir, 'pages/site.yml'), 'name: Notes\nbaseUrl: https://notes.example.org\n');
      await writeFile(
        path.join(dir, 'pages/index.md'),
        '# Notes on things\n\nWhat I learned this year, one page at a time.\n',
      );
      const result = await build({
        root: dir,
        pagesDir: path.join(dir, 'pages'),
        outDir: path.join(dir, 'dist'),
        logger: silentLogger,
      });
      // Only that it has no not-found page (it has no 404.md).
      expect(result.warnings.map((warning) => warning.kind)).toEqual(['NoNotFoundPage']);
      const html = await readFile(path.join(dir, 'dist/index.html'), 'utf8');
      expect(html).toContain('<title>Notes on things | Notes</title>');
      expect(html).toContain('<meta name="description" content="What I learned this year, one page at a time."/>');
      expect(html).toContain('<html lang="en-US">');
      const graph = JSON.parse(html.match(/<script type="application\/ld\+json">(.*?)<\/script>/)![1]!) as {
        '@graph': Record<string, unknown>[];
      };
      expect(graph['@graph'][0]).toEqual({
        '@type': 'Organization',
        '@id': 'https://notes.example.org/#organization',
        name: 'Notes',
        url: 'https://notes.example.org/',
      });
      // No security.txt without a contact, no icons without a logo, and no theme colour.
      const files = await listFiles(path.join(dir, 'dist'));
      expect(files.filter((f) => /security\.txt|logo\.png|apple-touch-icon/.test(f))).toEqual([]);
      expect(html).not.toMatch(/theme-color|apple-touch-icon/);
      // The favicon a site without a logo gets is made of its name's initial, in the page (no file, no request).
      expect(html.match(/<link rel="icon"[^>]*>/g) ?? []).toEqual([
        expect.stringMatching(/href="data:image\/svg\+xml,/),
      ]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
