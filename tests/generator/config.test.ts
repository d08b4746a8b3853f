/**
 * The engine's config schema is generic; a theme adds what its site needs
 * (theme.config), validated as strictly as the engine's own fields.
 */
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { contactSchema, loadConfig } from '../../generator/content/config';
import { siteErrorsOf } from '../../generator/core/errors';
import { REPO } from '../support/fixture';

const dir = await mkdtemp(path.join(os.tmpdir(), 'site-config-'));
afterAll(() => rm(dir, { recursive: true, force: true }));
await cp(path.join(REPO, 'tests/fixtures/basic/site.yml'), path.join(dir, 'site.yml'));
const original = await readFile(path.join(dir, 'site.yml'), 'utf8');
const extension = { contact: contactSchema.extend({ careersEmail: z.email(), partnersEmail: z.email() }) };
const failure = (extra?: typeof extension) =>
  loadConfig(dir, dir, extra).then(
    () => [],
    (error: unknown) => siteErrorsOf(error).map(({ kind, field }) => ({ kind, field })),
  );

describe('the site config and the theme', () => {
  it("accepts the theme's fields only when the theme declares them", async () => {
    const config = await loadConfig(dir, dir, extension);
    expect((config.contact as { careersEmail?: string }).careersEmail).toBe('jobs@example.com');
    // Without the theme's fields, the engine's strict schema names the field it does not know.
    expect(await failure()).toEqual([
      expect.objectContaining({ kind: 'InvalidConfig', field: 'contact.careersEmail' }),
      expect.objectContaining({ kind: 'InvalidConfig', field: 'contact.partnersEmail' }),
    ]);
  });

  it("validates the theme's fields strictly: a missing or misspelt one is named", async () => {
    await writeFile(path.join(dir, 'site.yml'), original.replace('careersEmail:', 'careersEmial:'));
    const errors = await failure(extension);
    expect(errors).toEqual(expect.arrayContaining([expect.objectContaining({ kind: 'InvalidConfig', field: 'contact.careersEmail' })]));
    await writeFile(path.join(dir, 'site.yml'), original);
  });

  it('gives areaServed and the security policy as the config names them, with generic defaults', async () => {
    const config = await loadConfig(dir, dir, extension);
    expect(config.areaServed).toEqual([]);
    expect(config.securityTxt.policy).toBe('/security-policy');
  });
});
