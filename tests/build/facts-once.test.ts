/** Company facts live once, in pages/site.yml: no page, template or generator module repeats them. */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../generator/content/config';
import { listFiles } from '../../generator/content/list-files';
import { theme } from '../../templates/index';
import { REPO } from '../support/fixture';
import type { SiteConfig as WebsiteConfig } from '../../templates/config';

describe('company facts', () => {
  it('appear only in the site config', async () => {
    const config = (await loadConfig(path.join(REPO, 'pages'), REPO, theme.config)) as WebsiteConfig;
    const { contact } = config;
    const facts = [
      config.name, config.legalName, config.baseUrl, config.contact.phone, config.contact.emergencyPhone, config.contact.email,
      config.contact.securityEmail, config.contact.privacyEmail, contact.careersEmail, contact.partnersEmail, config.address.street,
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
    const words = /\/security-policy\b|\b(africa|nigeria|lagos|ikeja|sabi|careers|partners|careersEmail|partnersEmail)\b/i;
    const found: string[] = [];
    for (const file of await listFiles(path.join(REPO, 'generator'))) {
      const text = await readFile(path.join(REPO, 'generator', file), 'utf8');
      text.split('\n').forEach((line, i) => words.test(line) && found.push(`generator/${file}:${i + 1}: ${line.trim()}`));
    }
    expect(found).toEqual([]);
  });
});
