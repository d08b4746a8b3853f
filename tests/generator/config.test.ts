/**
 * The engine's config schema is generic; a theme adds what its site needs
 * (theme.config), validated as strictly as the engine's own fields.
 */
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../generator/config/config';
import { siteErrorsOf } from '../../generator/base/errors';
import { websiteConfig, type SiteConfig as WebsiteConfig } from '../../templates/config';
import { REPO } from '../support/fixture';

const dir = await mkdtemp(path.join(os.tmpdir(), 'site-config-'));
afterAll(() => rm(dir, { recursive: true, force: true }));
await cp(path.join(REPO, 'tests/fixtures/basic/site.yml'), path.join(dir, 'site.yml'));
const original = await readFile(path.join(dir, 'site.yml'), 'utf8');
const failure = (extra?: typeof websiteConfig) =>
  loadConfig(dir, dir, extra).then(
    () => [],
    (error: unknown) => siteErrorsOf(error).map(({ kind, field }) => ({ kind, field })),
  );

describe('the site config and the theme', () => {
  it('needs only a name and a base URL, with a default locale and no invented facts', async () => {
    const bare = await mkdtemp(path.join(os.tmpdir(), 'site-config-bare-'));
    try {
      await writeFile(path.join(bare, 'site.yml'), 'name: Notes\nbaseUrl: https://notes.example.org/\n');
      const config = await loadConfig(bare, bare);
      expect(config).toEqual({
        name: 'Notes',
        baseUrl: 'https://notes.example.org',
        locale: 'en_US',
        keywords: [],
        plannedRoutes: [],
        markdown: { plugins: [] },
        securityTxt: { expiresInDays: 180, languages: ['en'] },
      });
    } finally {
      await rm(bare, { recursive: true, force: true });
    }
  });

  it("accepts the theme's fields only when the theme declares them", async () => {
    const config = (await loadConfig(dir, dir, websiteConfig)) as WebsiteConfig;
    expect(config.contact.careersEmail).toBe('jobs@example.com');
    // Without the theme's fields, the engine's strict schema names each field it does not know.
    expect(await failure()).toEqual(
      expect.arrayContaining(
        ['legalName', 'contact', 'address', 'hours', 'navigation', 'footer'].map((field) => ({
          kind: 'UnknownConfigKey',
          field,
        })),
      ),
    );
  });

  it("validates the theme's fields strictly: a misspelt one is named once, with the field it was meant to be", async () => {
    await writeFile(path.join(dir, 'site.yml'), original.replace('careersEmail:', 'careersEmial:'));
    try {
      const error = await loadConfig(dir, dir, websiteConfig).catch((e: unknown) => e);
      expect(siteErrorsOf(error).map(({ kind, field, message, hint }) => ({ kind, field, message, hint }))).toEqual([
        {
          kind: 'UnknownConfigKey',
          field: 'contact.careersEmial',
          message: 'contact.careersEmial: unknown key; did you mean `contact.careersEmail` (required, and missing)?',
          hint: "Rename it to careersEmail: the site config (the engine's fields and the theme's) has that field and no other like it.",
        },
      ]);
    } finally {
      await writeFile(path.join(dir, 'site.yml'), original);
    }
  });

  it('gives areaServed and security.txt as the config names them, with generic defaults', async () => {
    const config = (await loadConfig(dir, dir, websiteConfig)) as WebsiteConfig;
    expect(config.areaServed).toEqual([]);
    expect(config.securityTxt.policy).toBe('/security-policy');
    // The YAML alias names the security inbox once, for the theme's contact details and the engine's security.txt.
    expect(config.securityTxt.contact).toBe(config.contact.securityEmail);
  });
});
